import { Migration } from '@mikro-orm/migrations';

export class Migration20261121201801 extends Migration {

  override name = 'Migration20261121201801';

  override up(): void | Promise<void> {
    this.addSql(`alter table "payments" drop constraint "payments_provider_check";`);
    this.addSql(`alter table "payments" drop constraint "payments_status_check";`);
    this.addSql(`alter table "payments" add "payee" varchar(200) null;`);
    this.addSql(`alter table "payments" add constraint "payments_provider_check" check ("provider" in ('paypal', 'demo', 'manual'));`);
    this.addSql(`alter table "payments" add constraint "payments_status_check" check ("status" in ('created', 'completed', 'declined', 'failed', 'refunded'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "payments" drop constraint "payments_provider_check";`);
    this.addSql(`alter table "payments" drop constraint "payments_status_check";`);
    this.addSql(`alter table "payments" drop column "payee";`);
    this.addSql(`alter table "payments" add constraint "payments_provider_check" check ("provider" in ('paypal', 'demo'));`);
    this.addSql(`alter table "payments" add constraint "payments_status_check" check ("status" in ('created', 'completed', 'declined', 'failed'));`);
  }

}
