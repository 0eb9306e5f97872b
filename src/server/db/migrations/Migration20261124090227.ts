import { Migration } from '@mikro-orm/migrations';

export class Migration20261124090227 extends Migration {

  override name = 'Migration20261124090227';

  override up(): void | Promise<void> {
    this.addSql(`create table "member_cards" ("id" uuid not null, "member_id" uuid not null, "serial" int not null default 1, "code_hash" varchar(64) not null, "issued_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "member_cards" add constraint "member_cards_member_id_unique" unique ("member_id");`);
    this.addSql(`alter table "member_cards" add constraint "member_cards_code_hash_unique" unique ("code_hash");`);

    this.addSql(`create table "calendar_feeds" ("id" uuid not null, "member_id" uuid not null, "serial" int not null default 1, "token_hash" varchar(64) not null, "issued_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_member_id_unique" unique ("member_id");`);
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "member_cards" add constraint "member_cards_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);

    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "member_cards" cascade;`);
    this.addSql(`drop table if exists "calendar_feeds" cascade;`);
  }

}
