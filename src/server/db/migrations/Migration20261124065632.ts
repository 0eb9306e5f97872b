import { Migration } from '@mikro-orm/migrations';

export class Migration20261124065632 extends Migration {

  override name = 'Migration20261124065632';

  override up(): void | Promise<void> {
    this.addSql(`create table "push_subscriptions" ("id" uuid not null, "user_id" uuid not null, "endpoint" text not null, "p256dh" varchar(100) not null, "auth" varchar(40) not null, "created_at" timestamptz not null, "last_success_at" timestamptz null, "last_failure_at" timestamptz null, "last_failure_status" int null, primary key ("id"));`);
    this.addSql(`create index "push_subscriptions_user_id_index" on "push_subscriptions" ("user_id");`);
    this.addSql(`alter table "push_subscriptions" add constraint "push_subscriptions_endpoint_unique" unique ("endpoint");`);

    this.addSql(`create table "notification_settings" ("user_id" uuid not null, "event_tomorrow" boolean not null default true, "catch_judged" boolean not null default true, "results_final" boolean not null default true, "waitlist_place_freed" boolean not null default true, "updated_at" timestamptz not null, primary key ("user_id"));`);

    this.addSql(`create table "event_notices" ("id" bigserial primary key, "event_id" uuid not null, "member_id" uuid not null, "kind" text not null, "sent_at" timestamptz not null);`);
    this.addSql(`alter table "event_notices" add constraint "event_notices_event_id_member_id_kind_unique" unique ("event_id", "member_id", "kind");`);

    this.addSql(`alter table "push_subscriptions" add constraint "push_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "notification_settings" add constraint "notification_settings_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "event_notices" add constraint "event_notices_event_id_foreign" foreign key ("event_id") references "events" ("id") on delete cascade;`);
    this.addSql(`alter table "event_notices" add constraint "event_notices_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);
    this.addSql(`alter table "event_notices" add constraint "event_notices_kind_check" check ("kind" in ('event_tomorrow', 'results_final'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "push_subscriptions" cascade;`);
    this.addSql(`drop table if exists "notification_settings" cascade;`);
    this.addSql(`drop table if exists "event_notices" cascade;`);
  }

}
