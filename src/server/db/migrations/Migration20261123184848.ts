import { Migration } from '@mikro-orm/migrations';

export class Migration20261123184848 extends Migration {

  override name = 'Migration20261123184848';

  override up(): void | Promise<void> {
    this.addSql(`create table "webhook_events" ("id" varchar(64) not null, "provider" varchar(20) not null, "event_type" varchar(80) not null, "resource_id" varchar(64) null, "outcome" varchar(200) null, "received_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`alter table "payments" drop constraint "payments_status_check";`);
    this.addSql(`alter table "payments" add "sponsor_id" uuid null, add "season" varchar(10) null, add "covers" jsonb null, add "payer_key" varchar(64) null, add "method" text null, add "reference" varchar(120) null, add "refund_of_id" uuid null, add "refunded_cents" int not null default 0, add "pay_token_hash" varchar(64) null, add "checked_at" timestamptz null;`);
    this.addSql(`alter table "payments" add constraint "payments_sponsor_id_foreign" foreign key ("sponsor_id") references "sponsors" ("id") on delete set null;`);
    this.addSql(`alter table "payments" add constraint "payments_refund_of_id_foreign" foreign key ("refund_of_id") references "payments" ("id") on delete set null;`);
    this.addSql(`alter table "payments" add constraint "payments_pay_token_hash_unique" unique ("pay_token_hash");`);
    this.addSql(`create index "payments_household_id_status_index" on "payments" ("household_id", "status");`);
    this.addSql(`create index "payments_sponsor_id_index" on "payments" ("sponsor_id");`);
    this.addSql(`alter table "payments" add constraint "payments_method_check" check ("method" in ('paypal', 'demo', 'cash', 'bank_transfer', 'card', 'cheque'));`);
    this.addSql(`alter table "payments" add constraint "payments_status_check" check ("status" in ('created', 'pending', 'completed', 'declined', 'failed', 'refunded', 'void'));`);

    this.addSql(`alter table "members" add "documents_accepted" jsonb null;`);

    // Until now every payment came through its provider; say so.
    this.addSql(`update "payments" set "method" = "provider"::text where "provider" in ('paypal', 'demo');`);
    // Accepting a sponsor used to book the package as received the same day, though nobody had paid: those
    // rows become what they were, invoices waiting to be paid, and leave the revenue figures.
    this.addSql(`update "payments" p set "status" = 'created', "captured_at" = null, "sponsor_id" = s."id" from "sponsors" s where p."kind" = 'sponsorship' and p."provider" = 'manual' and p."provider_order_id" = 'sponsor-' || s."id"::text;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "webhook_events" cascade;`);

    this.addSql(`alter table "payments" drop constraint "payments_sponsor_id_foreign";`);
    this.addSql(`alter table "payments" drop constraint "payments_refund_of_id_foreign";`);

    this.addSql(`alter table "members" drop column "documents_accepted";`);

    this.addSql(`alter table "payments" drop constraint "payments_pay_token_hash_unique";`);
    this.addSql(`drop index "payments_household_id_status_index";`);
    this.addSql(`drop index "payments_sponsor_id_index";`);
    this.addSql(`alter table "payments" drop constraint "payments_method_check";`);
    this.addSql(`alter table "payments" drop constraint "payments_status_check";`);
    this.addSql(`alter table "payments" drop column "sponsor_id", drop column "season", drop column "covers", drop column "payer_key", drop column "method", drop column "reference", drop column "refund_of_id", drop column "refunded_cents", drop column "pay_token_hash", drop column "checked_at";`);
    this.addSql(`alter table "payments" add constraint "payments_status_check" check ("status" in ('created', 'completed', 'declined', 'failed', 'refunded'));`);
  }

}
