import { Migration } from '@mikro-orm/migrations';

/** The judges' flag for a phone outside the fishing area is named for the area, whichever club's it is. */
export class Migration20261206131500 extends Migration {

  override name = 'Migration20261206131500';

  override up(): void | Promise<void> {
    this.addSql(rename('outside_tweed', 'phone_outside_area'));
  }

  override down(): void | Promise<void> {
    this.addSql(rename('phone_outside_area', 'outside_tweed'));
  }

}

const rename = (from: string, to: string) => `update "catches" c set "flags" = (
      select jsonb_agg(case when f = '${from}' then '${to}' else f end order by n)
      from jsonb_array_elements_text(c."flags") with ordinality as t(f, n)
    ) where c."flags" @> '["${from}"]'::jsonb;`;
