import { Migration } from '@mikro-orm/migrations';

/** Sponsors prove their contact address through a link mailed to it before anything they typed is mailed there. */
export class Migration20261206080907 extends Migration {

  override name = 'Migration20261206080907';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sponsors" add "address_confirmed_at" timestamptz null, add "address_token_hash" varchar(64) null, add "address_link_sent_at" timestamptz null;`);
    this.addSql(`alter table "sponsors" add constraint "sponsors_address_token_hash_unique" unique ("address_token_hash");`);
    // A sponsor who paid online opened the pay link that was mailed to their address: that proved it.
    this.addSql(`update "sponsors" s set "address_confirmed_at" = (select min(p."captured_at") from "payments" p where p."sponsor_id" = s."id" and p."kind" = 'sponsorship' and p."provider" <> 'manual' and p."captured_at" is not null);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sponsors" drop constraint "sponsors_address_token_hash_unique";`);
    this.addSql(`alter table "sponsors" drop column "address_confirmed_at", drop column "address_token_hash", drop column "address_link_sent_at";`);
  }

}
