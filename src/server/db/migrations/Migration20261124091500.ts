import { Migration } from '@mikro-orm/migrations';

export class Migration20261124091500 extends Migration {

  override name = 'Migration20261124091500';

  override up(): void | Promise<void> {
    this.addSql(`alter table "members" add "emergency_contact_name" varchar(120) null, add "emergency_contact_phone" varchar(40) null, add "emergency_contact_relationship" varchar(60) null, add "medical_notes" varchar(1000) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "members" drop column "emergency_contact_name", drop column "emergency_contact_phone", drop column "emergency_contact_relationship", drop column "medical_notes";`);
  }

}
