import { Migration } from '@mikro-orm/migrations';

const EXAMPLE_ORDER = `array['Mulloway', 'Whiting', 'Bream', 'Flathead', 'Mangrove Jack', 'Trevally', 'Tailor']`;
const DESCRIPTION = 'The species the club competes for, their legal sizes and which count for points. Change them in Admin → Club settings.';

/** The legal sizes the first migration seeded, as (species, cm), no limit as -1. */
const SEEDED = `(values ('Flathead', 36), ('Bream', 25), ('Mulloway', 70), ('Whiting', 27), ('Mangrove Jack', 35), ('Tailor', 30), ('Trevally', -1))`;

/**
 * The club's species become a club setting ('club_species'): a catch's species is any name the club lists, and the
 * legal sizes the committee kept in their own table move into the setting (in the example club's order, under NSW,
 * every species counting for points), unless the club already has one. Sizes as seeded (never edited, as on a new
 * database) write nothing: a club without the setting reads the example club's, the same list.
 */
export class Migration20261206124557 extends Migration {

  override name = 'Migration20261206124557';

  override up(): void | Promise<void> {
    this.addSql(`insert into "site_settings" ("id", "setting_key", "setting_value", "setting_type", "description", "created_at", "updated_at")
      select gen_random_uuid(), 'club_species', json_build_object('state', 'NSW', 'species', json_agg(json_build_object(
          'name', l."species", 'minimumCm', l."minimum_cm"::float8, 'countsForPoints', true) order by array_position(${EXAMPLE_ORDER}, l."species"::text), l."species"))::text,
        'json', '${DESCRIPTION}', now(), now()
      from "size_limits" l
      where not exists (select 1 from "site_settings" s where s."setting_key" = 'club_species')
      having count(*) > 0 and (count(*) <> 7 or count(*) filter (where (l."species"::text, coalesce(l."minimum_cm", -1)) not in ${SEEDED}) > 0);`);
    this.addSql(`drop table if exists "size_limits" cascade;`);

    this.addSql(`alter table "catches" drop constraint "catches_species_check";`);
    this.addSql(`alter table "catches" alter column "species" type varchar(40) using ("species"::varchar(40));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create table "size_limits" ("species" text not null, "minimum_cm" numeric(5,1) null, "updated_at" timestamptz(6) not null, primary key ("species"));`);
    // The legal sizes of the example club's species go back to their table; the setting stays.
    this.addSql(`insert into "size_limits" ("species", "minimum_cm", "updated_at")
      select s."name", s."minimumCm", now()
      from "site_settings" t, jsonb_to_recordset(t."setting_value"::jsonb -> 'species') as s("name" text, "minimumCm" numeric)
      where t."setting_key" = 'club_species' and s."name" = any(${EXAMPLE_ORDER});`);

    // A catch of a species beyond the example club's stops this (the check fails): nothing is renamed to fit.
    this.addSql(`alter table "catches" alter column "species" type text using ("species"::text);`);
    this.addSql(`alter table "catches" add constraint "catches_species_check" check ("species" in ('Mulloway', 'Whiting', 'Bream', 'Flathead', 'Mangrove Jack', 'Trevally', 'Tailor'));`);

    this.addSql(`alter table "size_limits" add constraint "size_limits_species_check" check ("species" in ('Mulloway', 'Whiting', 'Bream', 'Flathead', 'Mangrove Jack', 'Trevally', 'Tailor'));`);
  }

}
