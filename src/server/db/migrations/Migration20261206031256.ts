import { Migration } from '@mikro-orm/migrations';

export class Migration20261206031256 extends Migration {

  override name = 'Migration20261206031256';

  override up(): void | Promise<void> {
    this.addSql(`alter table "event_registrations" add "held_from" varchar(43) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "event_registrations" drop column "held_from";`);
  }

}
