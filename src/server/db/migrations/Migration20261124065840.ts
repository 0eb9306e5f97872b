import { Migration } from '@mikro-orm/migrations';

export class Migration20261124065840 extends Migration {

  override name = 'Migration20261124065840';

  override up(): void | Promise<void> {
    this.addSql(`create table "picture_votes" ("id" uuid not null, "month" varchar(7) not null, "voter_id" uuid not null, "catch_id" uuid not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "picture_votes_month_created_at_index" on "picture_votes" ("month", "created_at");`);
    this.addSql(`create index "picture_votes_catch_id_index" on "picture_votes" ("catch_id");`);
    this.addSql(`alter table "picture_votes" add constraint "picture_votes_month_voter_id_unique" unique ("month", "voter_id");`);

    this.addSql(`create table "picture_months" ("month" varchar(7) not null, "closed_by_id" uuid null, "closed_at" timestamptz not null, "winner_catch_id" uuid null, "winner" jsonb null, primary key ("month"));`);

    this.addSql(`create table "mystery_fish" ("id" uuid not null, "event_id" uuid not null, "sealed" text not null, "commitment" varchar(64) not null, "sealed_by_id" uuid null, "sealed_at" timestamptz not null, "revealed_by_id" uuid null, "revealed_at" timestamptz null, "revealed" jsonb null, "winner_catch_id" uuid null, "winner" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "mystery_fish" add constraint "mystery_fish_event_id_unique" unique ("event_id");`);

    this.addSql(`alter table "picture_votes" add constraint "picture_votes_voter_id_foreign" foreign key ("voter_id") references "members" ("id") on delete cascade;`);
    this.addSql(`alter table "picture_votes" add constraint "picture_votes_catch_id_foreign" foreign key ("catch_id") references "catches" ("id") on delete cascade;`);

    this.addSql(`alter table "picture_months" add constraint "picture_months_closed_by_id_foreign" foreign key ("closed_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "picture_months" add constraint "picture_months_winner_catch_id_foreign" foreign key ("winner_catch_id") references "catches" ("id") on delete set null;`);

    this.addSql(`alter table "mystery_fish" add constraint "mystery_fish_event_id_foreign" foreign key ("event_id") references "events" ("id") on delete cascade;`);
    this.addSql(`alter table "mystery_fish" add constraint "mystery_fish_sealed_by_id_foreign" foreign key ("sealed_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "mystery_fish" add constraint "mystery_fish_revealed_by_id_foreign" foreign key ("revealed_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "mystery_fish" add constraint "mystery_fish_winner_catch_id_foreign" foreign key ("winner_catch_id") references "catches" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "picture_votes" cascade;`);
    this.addSql(`drop table if exists "picture_months" cascade;`);
    this.addSql(`drop table if exists "mystery_fish" cascade;`);
  }

}
