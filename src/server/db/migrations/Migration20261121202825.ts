import { Migration } from '@mikro-orm/migrations';

export class Migration20261121202825 extends Migration {

  override name = 'Migration20261121202825';

  override up(): void | Promise<void> {
    this.addSql(`create table "renewal_reminders" ("id" bigserial primary key, "member_id" uuid not null, "kind" text not null, "expiry_date" date not null, "sent_at" timestamptz not null);`);
    this.addSql(`alter table "renewal_reminders" add constraint "renewal_reminders_member_id_kind_expiry_date_unique" unique ("member_id", "kind", "expiry_date");`);

    this.addSql(`alter table "renewal_reminders" add constraint "renewal_reminders_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);
    this.addSql(`alter table "renewal_reminders" add constraint "renewal_reminders_kind_check" check ("kind" in ('30_days', '7_days'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "renewal_reminders" cascade;`);
  }

}
