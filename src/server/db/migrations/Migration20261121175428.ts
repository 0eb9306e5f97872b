import { Migration } from '@mikro-orm/migrations';

export class Migration20261121175428 extends Migration {

  override name = 'Migration20261121175428';

  override up(): void | Promise<void> {
    this.addSql(`create table "stored_objects" ("key" varchar(100) not null, "kind" text not null, "content_type" varchar(100) not null, "size" int not null default 0, "created_by_id" uuid null, "created_at" timestamptz not null, "expires_at" timestamptz null, "consumed_at" timestamptz null, primary key ("key"));`);

    this.addSql(`alter table "stored_objects" add constraint "stored_objects_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "stored_objects" add constraint "stored_objects_kind_check" check ("kind" in ('upload', 'image', 'thumbnail'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "stored_objects" cascade;`);
  }

}
