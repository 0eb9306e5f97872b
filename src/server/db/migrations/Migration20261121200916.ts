import { Migration } from '@mikro-orm/migrations';

export class Migration20261121200916 extends Migration {

  override name = 'Migration20261121200916';

  override up(): void | Promise<void> {
    this.addSql(`create table "content_pages" ("id" uuid not null, "title" varchar(200) not null, "slug" varchar(80) not null, "content" text not null default '', "meta_description" varchar(300) null, "published" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "content_pages" add constraint "content_pages_slug_unique" unique ("slug");`);

    this.addSql(`create table "news_articles" ("id" uuid not null, "title" varchar(200) not null, "excerpt" varchar(500) null, "content" text not null, "featured_image_url" varchar(500) null, "published" boolean not null default false, "published_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "news_articles_published_published_at_index" on "news_articles" ("published", "published_at");`);

    this.addSql(`create table "site_sections" ("id" uuid not null, "page_slug" varchar(80) not null, "section_key" varchar(80) not null, "title" varchar(200) not null, "content_type" text not null default 'text', "content" text not null default '', "sort_order" int not null default 0, "published" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "site_sections_page_slug_published_sort_order_index" on "site_sections" ("page_slug", "published", "sort_order");`);
    this.addSql(`alter table "site_sections" add constraint "site_sections_page_slug_section_key_unique" unique ("page_slug", "section_key");`);

    this.addSql(`create table "site_settings" ("id" uuid not null, "setting_key" varchar(80) not null, "setting_value" text not null, "setting_type" text not null default 'text', "description" varchar(300) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "site_settings" add constraint "site_settings_setting_key_unique" unique ("setting_key");`);

    this.addSql(`create table "sponsors" ("id" uuid not null, "company_name" varchar(120) not null, "contact_person" varchar(120) not null, "email" varchar(254) not null, "phone" varchar(40) not null, "address" varchar(300) null, "comments" text null, "sponsorship_type" text not null, "amount_cents" int not null, "status" text not null default 'pending', "logo_url" varchar(500) null, "website_url" varchar(500) null, "end_date" varchar(10) null, "reviewed_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "sponsors_status_end_date_index" on "sponsors" ("status", "end_date");`);

    this.addSql(`alter table "site_sections" add constraint "site_sections_content_type_check" check ("content_type" in ('text', 'html', 'image'));`);

    this.addSql(`alter table "site_settings" add constraint "site_settings_setting_type_check" check ("setting_type" in ('text', 'number', 'boolean', 'json'));`);

    this.addSql(`alter table "sponsors" add constraint "sponsors_sponsorship_type_check" check ("sponsorship_type" in ('shirt', 'website', 'both'));`);
    this.addSql(`alter table "sponsors" add constraint "sponsors_status_check" check ("status" in ('pending', 'active', 'declined'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "content_pages" cascade;`);
    this.addSql(`drop table if exists "news_articles" cascade;`);
    this.addSql(`drop table if exists "site_sections" cascade;`);
    this.addSql(`drop table if exists "site_settings" cascade;`);
    this.addSql(`drop table if exists "sponsors" cascade;`);
  }

}
