import { Migration } from '@mikro-orm/migrations';

/** E-mail changes: the step that proves it is the member asking, and the undo link sent to the old address. */
export class Migration20261206032221 extends Migration {

  override name = 'Migration20261206032221';

  override up(): void | Promise<void> {
    this.addSql(`alter table "email_changes" add "identity_confirmed_at" timestamptz null, add "undo_token_hash" varchar(64) null, add "undo_expires_at" timestamptz null, add "undone_at" timestamptz null;`);
    this.addSql(`alter table "email_changes" add constraint "email_changes_undo_token_hash_unique" unique ("undo_token_hash");`);
    // Changes asked for before this step existed went out under the rules of their day.
    this.addSql(`update "email_changes" set "identity_confirmed_at" = "created_at";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "email_changes" drop constraint "email_changes_undo_token_hash_unique";`);
    this.addSql(`alter table "email_changes" drop column "identity_confirmed_at", drop column "undo_token_hash", drop column "undo_expires_at", drop column "undone_at";`);
  }

}
