import { Migration } from '@mikro-orm/migrations';

export class Migration20261121181006 extends Migration {

  override name = 'Migration20261121181006';

  override up(): void | Promise<void> {
    this.addSql(`create table "size_limits" ("species" text not null, "minimum_cm" numeric(5,1) null, "updated_at" timestamptz not null, primary key ("species"));`);

    this.addSql(`create table "fishing_sessions" ("id" uuid not null, "event_id" uuid not null, "member_id" uuid not null, "hours_spent" numeric(3,1) not null, "session_date" date not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "fishing_sessions" add constraint "fishing_sessions_event_id_member_id_session_date_unique" unique ("event_id", "member_id", "session_date");`);

    this.addSql(`create table "catches" ("id" uuid not null, "client_id" uuid null, "event_id" uuid not null, "angler_id" uuid not null, "submitted_by_id" uuid null, "species" text not null, "size_cm" numeric(5,1) not null, "fate" text not null, "caught_at" timestamptz not null, "gps_text" varchar(60) null, "latitude" double precision null, "longitude" double precision null, "photo_key" varchar(100) not null, "photo_hash" varchar(64) not null, "photo_taken_at" timestamptz null, "photo_latitude" double precision null, "photo_longitude" double precision null, "photo_camera" varchar(120) null, "flags" jsonb not null, "status" text not null default 'pending', "verified_by_id" uuid null, "verified_at" timestamptz null, "reject_reason" varchar(300) null, "waiver_accepted_at" timestamptz not null, "accuracy_confirmed_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "catches" add constraint "catches_client_id_unique" unique ("client_id");`);
    this.addSql(`create index "catches_event_id_species_status_index" on "catches" ("event_id", "species", "status");`);
    this.addSql(`create index "catches_angler_id_caught_at_index" on "catches" ("angler_id", "caught_at");`);
    this.addSql(`create index "catches_photo_hash_index" on "catches" ("photo_hash");`);

    this.addSql(`alter table "size_limits" add constraint "size_limits_species_check" check ("species" in ('Mulloway', 'Whiting', 'Bream', 'Flathead', 'Mangrove Jack', 'Trevally', 'Tailor'));`);

    this.addSql(`alter table "fishing_sessions" add constraint "fishing_sessions_event_id_foreign" foreign key ("event_id") references "events" ("id") on delete cascade;`);
    this.addSql(`alter table "fishing_sessions" add constraint "fishing_sessions_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);

    this.addSql(`alter table "catches" add constraint "catches_event_id_foreign" foreign key ("event_id") references "events" ("id") on delete cascade;`);
    this.addSql(`alter table "catches" add constraint "catches_angler_id_foreign" foreign key ("angler_id") references "members" ("id") on delete cascade;`);
    this.addSql(`alter table "catches" add constraint "catches_submitted_by_id_foreign" foreign key ("submitted_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "catches" add constraint "catches_verified_by_id_foreign" foreign key ("verified_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "catches" add constraint "catches_species_check" check ("species" in ('Mulloway', 'Whiting', 'Bream', 'Flathead', 'Mangrove Jack', 'Trevally', 'Tailor'));`);
    this.addSql(`alter table "catches" add constraint "catches_fate_check" check ("fate" in ('kept', 'released'));`);
    this.addSql(`alter table "catches" add constraint "catches_status_check" check ("status" in ('pending', 'verified', 'rejected'));`);
    // NSW legal minimum lengths at the time of writing; the committee keeps them current in the app.
    this.addSql(`insert into "size_limits" ("species", "minimum_cm", "updated_at") values ('Flathead', 36, now()), ('Bream', 25, now()), ('Mulloway', 70, now()), ('Whiting', 27, now()), ('Mangrove Jack', 35, now()), ('Tailor', 30, now()), ('Trevally', null, now());`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "size_limits" cascade;`);
    this.addSql(`drop table if exists "fishing_sessions" cascade;`);
    this.addSql(`drop table if exists "catches" cascade;`);
  }

}
