import { Migration } from '@mikro-orm/migrations';

export class Migration20261121170650 extends Migration {

  override name = 'Migration20261121170650';

  override up(): void | Promise<void> {
    this.addSql(`create table "households" ("id" uuid not null, "membership_type" text not null, "created_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "payments" ("id" uuid not null, "kind" text not null, "purpose" varchar(40) null, "household_id" uuid null, "created_by_id" uuid null, "description" varchar(200) not null, "amount_cents" int not null, "currency" varchar(3) not null, "provider" text not null, "provider_order_id" varchar(64) not null, "provider_capture_id" varchar(64) null, "status" text not null default 'created', "captured_at" timestamptz null, "last_error" text null, "raw_response" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "payments" add constraint "payments_provider_order_id_unique" unique ("provider_order_id");`);
    this.addSql(`create index "payments_status_captured_at_index" on "payments" ("status", "captured_at");`);

    this.addSql(`create table "members" ("id" uuid not null, "household_id" uuid not null, "user_id" uuid null, "is_primary" boolean not null default false, "first_name" varchar(80) not null, "last_name" varchar(80) not null, "email" varchar(254) null, "phone" varchar(40) null, "address" varchar(300) null, "date_of_birth" date not null, "gender" text null, "shirt_size" text null, "membership_type" text not null, "status" text not null default 'pending', "member_since" date null, "expiry_date" date null, "terms_accepted_at" timestamptz null, "code_of_conduct_accepted_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "members" add constraint "members_user_id_unique" unique ("user_id");`);
    this.addSql(`create index "members_email_index" on "members" ("email");`);
    this.addSql(`create index "members_last_name_first_name_index" on "members" ("last_name", "first_name");`);
    this.addSql(`create index "members_status_expiry_date_index" on "members" ("status", "expiry_date");`);

    this.addSql(`alter table "households" add constraint "households_membership_type_check" check ("membership_type" in ('adult', 'junior', 'family'));`);

    this.addSql(`alter table "payments" add constraint "payments_household_id_foreign" foreign key ("household_id") references "households" ("id") on delete set null;`);
    this.addSql(`alter table "payments" add constraint "payments_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "payments" add constraint "payments_kind_check" check ("kind" in ('membership', 'event', 'sponsorship'));`);
    this.addSql(`alter table "payments" add constraint "payments_provider_check" check ("provider" in ('paypal', 'demo'));`);
    this.addSql(`alter table "payments" add constraint "payments_status_check" check ("status" in ('created', 'completed', 'declined', 'failed'));`);

    this.addSql(`alter table "members" add constraint "members_household_id_foreign" foreign key ("household_id") references "households" ("id") on delete cascade;`);
    this.addSql(`alter table "members" add constraint "members_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "members" add constraint "members_gender_check" check ("gender" in ('male', 'female'));`);
    this.addSql(`alter table "members" add constraint "members_shirt_size_check" check ("shirt_size" in ('XS', 'S', 'M', 'L', 'XL', 'XXL'));`);
    this.addSql(`alter table "members" add constraint "members_membership_type_check" check ("membership_type" in ('adult', 'junior', 'family'));`);
    this.addSql(`alter table "members" add constraint "members_status_check" check ("status" in ('pending', 'active', 'expired'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "payments" drop constraint "payments_household_id_foreign";`);
    this.addSql(`alter table "members" drop constraint "members_household_id_foreign";`);

    this.addSql(`drop table if exists "households" cascade;`);
    this.addSql(`drop table if exists "payments" cascade;`);
    this.addSql(`drop table if exists "members" cascade;`);
  }

}
