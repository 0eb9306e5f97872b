import { Migration } from '@mikro-orm/migrations';

export class Migration20261124065423 extends Migration {

  override name = 'Migration20261124065423';

  override up(): void | Promise<void> {
    this.addSql(`alter table "events" add "divisions" boolean not null default true;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "events" drop column "divisions";`);
  }

}
