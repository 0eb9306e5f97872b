import { Migration } from '@mikro-orm/migrations';

export class Migration20261128152626 extends Migration {

  override name = 'Migration20261128152626';

  override up(): void | Promise<void> {
    this.addSql(`alter table "events" add "age_limit" text not null default 'anyone', add "members_only" boolean not null default false;`);
    this.addSql(`alter table "events" add constraint "events_age_limit_check" check ("age_limit" in ('anyone', 'juniors', 'adults'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "events" drop constraint "events_age_limit_check";`);
    this.addSql(`alter table "events" drop column "age_limit", drop column "members_only";`);
  }

}
