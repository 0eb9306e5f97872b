import type { EntityManager } from '@mikro-orm/postgresql';
import { Catch } from '../db/entities';
import { PHASH_CANDIDATE_BITS, PHASH_CANDIDATES, samePicture, type PhotoPrint } from './photo-prints';

/**
 * The earlier catch whose photo this one's is, or null: the first catch sent with the very same file, else the
 * catch whose photo is the same picture re-saved, resized or cropped slightly (PostgreSQL ranks the candidates by
 * their perceptual hashes, the nearest and then the earliest first; their prints decide). A match that itself
 * copied an earlier photo leads to that one, so every copy points at the catch the picture was first sent with.
 */
export async function earlierCatchWithPhoto(em: EntityManager, photoHash: string, print: PhotoPrint | null): Promise<Catch | null> {
  type Row = { id: string; duplicate_of_id: string | null };
  const first = (row: Row | undefined) => (row ? em.getReference(Catch, row.duplicate_of_id ?? row.id) : null);
  // em.execute, not the bare connection: inside a transaction (the demo's seeding) the earlier rows are its own.
  const [same] = await em.execute<Row[]>('select id, duplicate_of_id from catches where photo_hash = ? order by created_at, id limit 1', [
    photoHash,
  ]);
  if (same || !print) return first(same);
  const rows = await em.execute<(Row & { photo_print: Buffer })[]>(
    `select id, duplicate_of_id, photo_print from (
       select id, duplicate_of_id, photo_print, created_at, bit_count((photo_phash # ?::bigint)::bit(64)) as bits
       from catches where photo_phash is not null and photo_print is not null
     ) c where bits <= ? order by bits, created_at, id limit ?`,
    [print.phash, PHASH_CANDIDATE_BITS, PHASH_CANDIDATES],
  );
  return first(rows.find((row) => samePicture(print.print, row.photo_print)));
}
