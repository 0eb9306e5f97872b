import { Migration } from '@mikro-orm/migrations';

export class Migration20261121175045 extends Migration {

  override name = 'Migration20261121175045';

  override up(): void | Promise<void> {
    this.addSql(`create table "events" ("id" uuid not null, "name" varchar(120) not null, "description" text null, "location" varchar(200) not null, "event_date" timestamptz not null, "rules" text null, "prizes" text null, "registration_fee_cents" int not null default 0, "max_participants" int null, "registered_count" int not null default 0, "status" text not null default 'active', "image_key" varchar(200) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "events_status_event_date_index" on "events" ("status", "event_date");`);

    this.addSql(`create table "event_registrations" ("id" uuid not null, "event_id" uuid not null, "member_id" uuid not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "event_registrations" add constraint "event_registrations_event_id_member_id_unique" unique ("event_id", "member_id");`);

    this.addSql(`alter table "events" add constraint "events_status_check" check ("status" in ('active', 'cancelled', 'completed'));`);

    this.addSql(`alter table "event_registrations" add constraint "event_registrations_event_id_foreign" foreign key ("event_id") references "events" ("id") on delete cascade;`);
    this.addSql(`alter table "event_registrations" add constraint "event_registrations_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "event_registrations" drop constraint "event_registrations_event_id_foreign";`);

    this.addSql(`drop table if exists "events" cascade;`);
    this.addSql(`drop table if exists "event_registrations" cascade;`);
  }

}
