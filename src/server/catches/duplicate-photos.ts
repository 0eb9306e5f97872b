import type { EntityManager } from '@mikro-orm/postgresql';
import type { PhotoLikeness } from '../../shared/catches.schema';
import { Catch } from '../db/entities';
import {
  comparePrints,
  DIFFERENT_FISH_MIN_DIFFERENCE,
  PHASH_CANDIDATE_BITS,
  PHASH_CANDIDATES,
  SAME_PICTURE_MAX_DIFFERENCE,
  samePicture,
  type PhotoPrint,
} from './photo-prints';

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

/** Below this share of the earlier picture shown, the judge is told the copy was cropped. */
const CROPPED_BELOW = 0.97;

/**
 * How alike a catch's photo is to the earlier catch's it was found to copy, measured again as the check measures it:
 * the same file (the same SHA-256), or the same picture once the two prints are lined up (their mean grey-level
 * difference, and how much of the earlier picture the copy shows), with a sentence a judge can read.
 */
export async function photoLikeness(em: EntityManager, suspect: Catch, earlier: Catch): Promise<PhotoLikeness> {
  if (suspect.photoHash === earlier.photoHash) {
    return {
      kind: 'same_file',
      difference: null,
      shownShare: null,
      summary: "Identical: the very same photo file as the earlier catch's, byte for byte.",
    };
  }
  const rows = await em.execute<{ id: string; photo_print: Buffer | null }[]>('select id, photo_print from catches where id in (?, ?)', [
    suspect.id,
    earlier.id,
  ]);
  const printOf = (id: string) => rows.find((r) => r.id === id)?.photo_print ?? null;
  const [later, first] = [printOf(suspect.id), printOf(earlier.id)];
  const measured = later && first ? comparePrints(later, first) : null;
  if (!measured || !Number.isFinite(measured.difference)) {
    return {
      kind: 'same_picture',
      difference: null,
      shownShare: null,
      summary: 'The same picture saved again, as the duplicate check found when the catch came in; it cannot be measured again now.',
    };
  }
  return { kind: 'same_picture', ...measured, summary: likenessInWords(measured.difference, measured.shownShare) };
}

/** The mean grey-level difference of two lined-up photos, and the share of the earlier one shown, in a judge's words. */
function likenessInWords(difference: number, shownShare: number): string {
  const closeness =
    difference < 1.5 ? 'Practically identical' : difference <= SAME_PICTURE_MAX_DIFFERENCE ? 'Nearly identical' : 'Very alike';
  const crop =
    shownShare < CROPPED_BELOW ? ` This photo shows about ${Math.round(shownShare * 100)}% of the earlier one: it has been cropped.` : '';
  return (
    `${closeness} once lined up: the two pictures differ by ${difference.toFixed(1)} grey levels in 255 on average. ` +
    `The check counts up to ${SAME_PICTURE_MAX_DIFFERENCE} as the same picture; photos of two different fish on the brag mat ` +
    `differ by ${DIFFERENT_FISH_MIN_DIFFERENCE} or more.${crop}`
  );
}
