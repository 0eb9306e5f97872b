import { Migration } from '@mikro-orm/migrations';

export class Migration20261124065935 extends Migration {

  override name = 'Migration20261124065935';

  override up(): void | Promise<void> {
    this.addSql(`create table "event_waitlist" ("id" uuid not null, "event_id" uuid not null, "member_id" uuid not null, "added_by_id" uuid null, "pay_at_sign_on" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "event_waitlist_event_id_created_at_index" on "event_waitlist" ("event_id", "created_at");`);
    this.addSql(`alter table "event_waitlist" add constraint "event_waitlist_event_id_member_id_unique" unique ("event_id", "member_id");`);

    this.addSql(`alter table "events" add "non_member_fee_cents" int not null default 1500, add "junior_fee_cents" int null, add "entries_close_at" timestamptz null, add "pay_at_sign_on" boolean not null default true, add "require_check_in" boolean not null default false;`);

    this.addSql(`alter table "payments" add "event_id" uuid null, add "entries" jsonb null;`);
    this.addSql(`alter table "payments" add constraint "payments_event_id_foreign" foreign key ("event_id") references "events" ("id") on delete set null;`);

    this.addSql(`alter table "members" add "is_guest" boolean not null default false;`);

    this.addSql(`alter table "event_registrations" add "fee_cents" int not null default 0, add "pay_at_sign_on" boolean not null default false, add "paid_at" timestamptz null, add "payment_id" uuid null, add "refunded_at" timestamptz null, add "entered_by_id" uuid null, add "checked_in_at" timestamptz null, add "checked_in_by_id" uuid null, add "guest_token_hash" varchar(64) null, add "guest_token_expires_at" timestamptz null, add "guest_token_used_at" timestamptz null;`);
    this.addSql(`alter table "event_registrations" add constraint "event_registrations_payment_id_foreign" foreign key ("payment_id") references "payments" ("id") on delete set null;`);
    this.addSql(`alter table "event_registrations" add constraint "event_registrations_entered_by_id_foreign" foreign key ("entered_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "event_registrations" add constraint "event_registrations_checked_in_by_id_foreign" foreign key ("checked_in_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "event_registrations" add constraint "event_registrations_guest_token_hash_unique" unique ("guest_token_hash");`);
    // Entries made before fees were collected were promised 'payable on the day': the desk asks for them there.
    this.addSql(`update "event_registrations" r set "fee_cents" = e."registration_fee_cents", "pay_at_sign_on" = e."registration_fee_cents" > 0 from "events" e where e."id" = r."event_id";`);

    this.addSql(`alter table "event_waitlist" add constraint "event_waitlist_event_id_foreign" foreign key ("event_id") references "events" ("id") on delete cascade;`);
    this.addSql(`alter table "event_waitlist" add constraint "event_waitlist_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);
    this.addSql(`alter table "event_waitlist" add constraint "event_waitlist_added_by_id_foreign" foreign key ("added_by_id") references "users" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "event_waitlist" cascade;`);

    this.addSql(`alter table "event_registrations" drop constraint "event_registrations_payment_id_foreign";`);
    this.addSql(`alter table "event_registrations" drop constraint "event_registrations_entered_by_id_foreign";`);
    this.addSql(`alter table "event_registrations" drop constraint "event_registrations_checked_in_by_id_foreign";`);

    this.addSql(`alter table "payments" drop constraint "payments_event_id_foreign";`);

    this.addSql(`alter table "event_registrations" drop constraint "event_registrations_guest_token_hash_unique";`);
    this.addSql(`alter table "event_registrations" drop column "fee_cents", drop column "pay_at_sign_on", drop column "paid_at", drop column "payment_id", drop column "refunded_at", drop column "entered_by_id", drop column "checked_in_at", drop column "checked_in_by_id", drop column "guest_token_hash", drop column "guest_token_expires_at", drop column "guest_token_used_at";`);

    this.addSql(`alter table "events" drop column "non_member_fee_cents", drop column "junior_fee_cents", drop column "entries_close_at", drop column "pay_at_sign_on", drop column "require_check_in";`);

    this.addSql(`alter table "members" drop column "is_guest";`);

    this.addSql(`alter table "payments" drop column "event_id", drop column "entries";`);
  }

}
