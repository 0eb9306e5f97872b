import { Migration } from '@mikro-orm/migrations';

export class Migration20261121181414 extends Migration {

  override name = 'Migration20261121181414';

  override up(): void | Promise<void> {
    this.addSql(`alter table "events" add "club_code" varchar(40) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "events" drop column "club_code";`);
  }

}
