import { Migration } from '@mikro-orm/migrations';

export class Migration20261124093100 extends Migration {

  override name = 'Migration20261124093100';

  override up(): void | Promise<void> {
    this.addSql(`create table "newsletter_preferences" ("email" varchar(254) not null, "choice" text not null, "source" varchar(40) not null, "changed_at" timestamptz not null, primary key ("email"));`);

    this.addSql(`create table "newsletters" ("id" uuid not null, "subject" varchar(200) not null, "body_html" text not null, "segment" jsonb not null, "segment_label" varchar(300) null, "status" text not null default 'draft', "sponsors" jsonb null, "source_article_id" uuid null, "created_by_id" uuid null, "sent_by_id" uuid null, "queued_at" timestamptz null, "finished_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "newsletters_status_queued_at_index" on "newsletters" ("status", "queued_at");`);

    this.addSql(`create table "newsletter_deliveries" ("id" bigserial primary key, "newsletter_id" uuid not null, "member_id" uuid null, "email" varchar(254) not null, "name" varchar(170) null, "status" text not null default 'queued', "reason" varchar(300) null, "claimed_at" timestamptz null, "sent_at" timestamptz null, "attempts" int not null default 0, "unsubscribed_at" timestamptz null);`);
    this.addSql(`create index "newsletter_deliveries_status_id_index" on "newsletter_deliveries" ("status", "id");`);
    this.addSql(`create index "newsletter_deliveries_claimed_at_index" on "newsletter_deliveries" ("claimed_at");`);
    this.addSql(`alter table "newsletter_deliveries" add constraint "newsletter_deliveries_newsletter_id_email_unique" unique ("newsletter_id", "email");`);

    this.addSql(`alter table "newsletter_preferences" add constraint "newsletter_preferences_choice_check" check ("choice" in ('news', 'members', 'none'));`);

    this.addSql(`alter table "newsletters" add constraint "newsletters_source_article_id_foreign" foreign key ("source_article_id") references "news_articles" ("id") on delete set null;`);
    this.addSql(`alter table "newsletters" add constraint "newsletters_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "newsletters" add constraint "newsletters_sent_by_id_foreign" foreign key ("sent_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "newsletters" add constraint "newsletters_status_check" check ("status" in ('draft', 'sending', 'sent'));`);

    this.addSql(`alter table "newsletter_deliveries" add constraint "newsletter_deliveries_newsletter_id_foreign" foreign key ("newsletter_id") references "newsletters" ("id") on delete cascade;`);
    this.addSql(`alter table "newsletter_deliveries" add constraint "newsletter_deliveries_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete set null;`);
    this.addSql(`alter table "newsletter_deliveries" add constraint "newsletter_deliveries_status_check" check ("status" in ('queued', 'sending', 'sent', 'failed', 'skipped', 'uncertain'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "newsletter_deliveries" drop constraint "newsletter_deliveries_newsletter_id_foreign";`);

    this.addSql(`drop table if exists "newsletter_preferences" cascade;`);
    this.addSql(`drop table if exists "newsletters" cascade;`);
    this.addSql(`drop table if exists "newsletter_deliveries" cascade;`);
  }

}
