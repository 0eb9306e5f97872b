import { Migration } from '@mikro-orm/migrations';

export class Migration20261121165337 extends Migration {

  override name = 'Migration20261121165337';

  override up(): void | Promise<void> {
    this.addSql(`create table "rate_limit_buckets" ("key" varchar(300) not null, "window_start" timestamptz not null, "hits" int not null, primary key ("key"));`);

    this.addSql(`create table "users" ("id" uuid not null, "email" varchar(254) not null, "first_name" varchar(80) not null, "last_name" varchar(80) not null, "role" text not null default 'member', "password_hash" text null, "email_verified_at" timestamptz null, "session_version" int not null default 1, "last_sign_in_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "auth_tokens" ("id" uuid not null, "token_hash" varchar(64) not null, "purpose" text not null, "user_id" uuid not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "auth_tokens" add constraint "auth_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "auth_tokens_user_id_purpose_created_at_index" on "auth_tokens" ("user_id", "purpose", "created_at");`);

    this.addSql(`create table "audit_log" ("id" bigserial primary key, "actor_id" uuid null, "actor_label" varchar(120) null, "action" varchar(80) not null, "entity_type" varchar(80) not null, "entity_id" varchar(80) not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null);`);
    this.addSql(`create index "audit_log_entity_type_entity_id_index" on "audit_log" ("entity_type", "entity_id");`);

    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('member', 'admin'));`);

    this.addSql(`alter table "auth_tokens" add constraint "auth_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "auth_tokens" add constraint "auth_tokens_purpose_check" check ("purpose" in ('verify_email', 'sign_in'));`);

    this.addSql(`alter table "audit_log" add constraint "audit_log_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_user_id_foreign";`);
    this.addSql(`alter table "audit_log" drop constraint "audit_log_actor_id_foreign";`);

    this.addSql(`drop table if exists "rate_limit_buckets" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "auth_tokens" cascade;`);
    this.addSql(`drop table if exists "audit_log" cascade;`);
  }

}
