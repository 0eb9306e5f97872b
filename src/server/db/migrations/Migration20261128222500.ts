import { Migration } from '@mikro-orm/migrations';

/** The judges' flags in their fixed order, as they stood when 'no_photo_location' came. */
const FLAG_ORDER = [
  'no_gps',
  'outside_tweed',
  'photo_outside_area',
  'photo_far_from_phone',
  'no_photo_location',
  'duplicate_photo',
  'no_camera_metadata',
  'photo_time_outside_hours',
  'photo_time_differs',
  'sent_late',
  'kept_under_minimum',
];

/** Catches logged before the flag existed get it when their photo has no position of its own, in its place among the others. */
export class Migration20261128222500 extends Migration {

  override name = 'Migration20261128222500';

  override up(): void | Promise<void> {
    this.addSql(`update "catches" c set "flags" = (
      select jsonb_agg(f order by array_position(array[${FLAG_ORDER.map((f) => `'${f}'`).join(', ')}]::text[], f))
      from jsonb_array_elements_text(c."flags" || '["no_photo_location"]'::jsonb) f
    ) where (c."photo_latitude" is null or c."photo_longitude" is null) and not c."flags" @> '["no_photo_location"]'::jsonb;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "catches" set "flags" = "flags" - 'no_photo_location' where "flags" @> '["no_photo_location"]'::jsonb;`);
  }

}
