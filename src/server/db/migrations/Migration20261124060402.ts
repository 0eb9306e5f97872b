import { Migration } from '@mikro-orm/migrations';

export class Migration20261124060402 extends Migration {

  override name = 'Migration20261124060402';

  override up(): void | Promise<void> {
    this.addSql(`alter table "members" add "suspended_until" date null, add "suspended_reason" varchar(300) null, add "suspended_by_id" uuid null;`);
    this.addSql(`alter table "members" add constraint "members_suspended_by_id_foreign" foreign key ("suspended_by_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "event_registrations" add "disqualified_at" timestamptz null, add "disqualified_by_id" uuid null, add "disqualify_reason" varchar(300) null;`);
    this.addSql(`alter table "event_registrations" add constraint "event_registrations_disqualified_by_id_foreign" foreign key ("disqualified_by_id") references "users" ("id") on delete set null;`);

    this.addSql(`create index "catches_verified_at_index" on "catches" ("verified_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "event_registrations" drop constraint "event_registrations_disqualified_by_id_foreign";`);

    this.addSql(`alter table "members" drop constraint "members_suspended_by_id_foreign";`);

    this.addSql(`drop index "catches_verified_at_index";`);

    this.addSql(`alter table "event_registrations" drop column "disqualified_at", drop column "disqualified_by_id", drop column "disqualify_reason";`);

    this.addSql(`alter table "members" drop column "suspended_until", drop column "suspended_reason", drop column "suspended_by_id";`);
  }

}
