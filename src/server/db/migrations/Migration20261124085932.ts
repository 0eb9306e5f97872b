import { Migration } from '@mikro-orm/migrations';

export class Migration20261124085932 extends Migration {

  override name = 'Migration20261124085932';

  override up(): void | Promise<void> {
    this.addSql(`create table "email_changes" ("id" uuid not null, "member_id" uuid not null, "old_email" varchar(254) null, "new_email" varchar(254) not null, "token_hash" varchar(64) not null, "requested_by_id" uuid null, "created_at" timestamptz not null, "sent_at" timestamptz not null, "expires_at" timestamptz not null, "confirmed_at" timestamptz null, "cancelled_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "email_changes" add constraint "email_changes_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "email_changes_member_id_created_at_index" on "email_changes" ("member_id", "created_at");`);

    this.addSql(`alter table "renewal_reminders" drop constraint "renewal_reminders_member_id_kind_expiry_date_unique";`);
    this.addSql(`alter table "renewal_reminders" drop constraint "renewal_reminders_kind_check";`);
    this.addSql(`alter table "renewal_reminders" add "request_key" varchar(64) not null default '', add "sent_by_id" uuid null, add "email" varchar(254) null;`);
    this.addSql(`alter table "renewal_reminders" add constraint "renewal_reminders_sent_by_id_foreign" foreign key ("sent_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "renewal_reminders" add constraint "renewal_reminders_member_id_kind_expiry_date_request_key_unique" unique ("member_id", "kind", "expiry_date", "request_key");`);
    this.addSql(`alter table "renewal_reminders" add constraint "renewal_reminders_kind_check" check ("kind" in ('30_days', '7_days', 'manual'));`);

    this.addSql(`alter table "email_changes" add constraint "email_changes_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);
    this.addSql(`alter table "email_changes" add constraint "email_changes_requested_by_id_foreign" foreign key ("requested_by_id") references "users" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "email_changes" cascade;`);

    this.addSql(`alter table "renewal_reminders" drop constraint "renewal_reminders_sent_by_id_foreign";`);

    this.addSql(`alter table "renewal_reminders" drop constraint "renewal_reminders_member_id_kind_expiry_date_request_key_unique";`);
    this.addSql(`alter table "renewal_reminders" drop constraint "renewal_reminders_kind_check";`);
    // Reminders sent by hand have no place in the older table (its key allowed one per kind and expiry).
    this.addSql(`delete from "renewal_reminders" where "kind" = 'manual';`);
    this.addSql(`alter table "renewal_reminders" drop column "request_key", drop column "sent_by_id", drop column "email";`);
    this.addSql(`alter table "renewal_reminders" add constraint "renewal_reminders_member_id_kind_expiry_date_unique" unique ("member_id", "kind", "expiry_date");`);
    this.addSql(`alter table "renewal_reminders" add constraint "renewal_reminders_kind_check" check ("kind" in ('30_days', '7_days'));`);
  }

}
