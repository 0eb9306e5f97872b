import { Migration } from '@mikro-orm/migrations';

export class Migration20261124060438 extends Migration {

  override name = 'Migration20261124060438';

  override up(): void | Promise<void> {
    this.addSql(`alter table "events" add "fishing_start" varchar(5) not null default '07:00', add "fishing_end" varchar(5) not null default '14:00';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "events" drop column "fishing_start", drop column "fishing_end";`);
  }

}
