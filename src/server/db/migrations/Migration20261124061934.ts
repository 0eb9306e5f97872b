import { Migration } from '@mikro-orm/migrations';

export class Migration20261124061934 extends Migration {

  override name = 'Migration20261124061934';

  override up(): void | Promise<void> {
    this.addSql(`alter table "catches" add "photo_phash" bigint null, add "photo_print" bytea null, add "duplicate_of_id" uuid null;`);
    this.addSql(`alter table "catches" add constraint "catches_duplicate_of_id_foreign" foreign key ("duplicate_of_id") references "catches" ("id") on delete set null;`);
    this.addSql(`create index "catches_duplicate_of_id_index" on "catches" ("duplicate_of_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "catches" drop constraint "catches_duplicate_of_id_foreign";`);

    this.addSql(`drop index "catches_duplicate_of_id_index";`);
    this.addSql(`alter table "catches" drop column "photo_phash", drop column "photo_print", drop column "duplicate_of_id";`);
  }

}
