import { Migration } from '@mikro-orm/migrations';

export class Migration20261206022828 extends Migration {

  override name = 'Migration20261206022828';

  override up(): void | Promise<void> {
    this.addSql(`alter table "event_registrations" add "guest_token_sealed" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "event_registrations" drop column "guest_token_sealed";`);
  }

}
