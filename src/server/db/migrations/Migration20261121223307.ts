import { Migration } from '@mikro-orm/migrations';

export class Migration20261121223307 extends Migration {

  override name = 'Migration20261121223307';

  override up(): void | Promise<void> {
    this.addSql(`create index "catches_submitted_by_id_caught_at_index" on "catches" ("submitted_by_id", "caught_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "catches_submitted_by_id_caught_at_index";`);
  }

}
