import { CATCH_SUBMISSION_PATH, type Achievement } from '../../../shared/catches';
import type { CatchView } from '../../../shared/catches.schema';
import { sendWithProgress } from '../../components/uploads/send';

/** The fields of a catch submission, as the form holds them. */
export interface CatchFields {
  fishType: string;
  size: number;
  fishKeptOrReleased: 'kept' | 'released';
  eventId: string;
  memberId: string;
  gpsCoordinates: string;
  /** The same id on a retry or a double tap stores one catch. */
  clientId: string;
  /** When the phone logged it (ISO); the catch time, however much later it is sent. */
  loggedAt: string;
  photo: Blob;
}

export class CatchUploadError extends Error {
  constructor(
    readonly status: number,
    /** The server's own sentence, when it sent one. */
    readonly serverMessage?: string,
  ) {
    super(status ? `Upload failed (${status})` : 'Network error');
  }
}

/** Nothing moves for this long (no bytes going up, no answer once they are up): the send gives up and is tried later. */
export const CATCH_STALL_MS = 30_000;

type CatchAnswer = { catch: CatchView; achievement: Achievement };

/** How a catch travels: from the page (progress and a stall timeout) or from the service worker (fetch). */
export type Upload = (fields: CatchFields, signal: AbortSignal) => Promise<CatchAnswer>;

/** The multipart body of a catch (docs/api.md). */
function catchForm(fields: CatchFields): FormData {
  const form = new FormData();
  form.append('fishType', fields.fishType);
  form.append('size', String(fields.size));
  form.append('fishKeptOrReleased', fields.fishKeptOrReleased);
  form.append('eventId', fields.eventId);
  form.append('memberId', fields.memberId);
  form.append('rulesWaiverAccepted', 'true');
  form.append('dataAccuracyAcknowledged', 'true');
  form.append('gpsCoordinates', fields.gpsCoordinates);
  form.append('clientId', fields.clientId);
  form.append('loggedAt', fields.loggedAt);
  form.append('photo', fields.photo, (fields.photo instanceof File && fields.photo.name) || 'catch.jpg');
  return form;
}

/** The stored catch from the club's answer, or a CatchUploadError with its status and sentence. */
function catchAnswer(status: number, text: string): CatchAnswer {
  const body = parseJson(text);
  if (status >= 200 && status < 300 && body?.catch) return body as CatchAnswer;
  const message = typeof body?.message === 'string' && body.message.trim() ? body.message : undefined;
  throw new CatchUploadError(status, message);
}

/** POSTs the catch as multipart from the page, reporting progress 0–100; a stalled send gives up after CATCH_STALL_MS. */
export async function uploadCatch(fields: CatchFields, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<CatchAnswer> {
  const answer = await sendWithProgress(
    { method: 'POST', url: CATCH_SUBMISSION_PATH, body: catchForm(fields), headers: { Accept: 'application/json' } },
    onProgress,
    { stallMs: CATCH_STALL_MS, signal },
  );
  if (answer.outcome !== 'answered') throw new CatchUploadError(0);
  const result = catchAnswer(answer.status, answer.responseText);
  onProgress(100);
  return result;
}

/** The same POST with fetch, for the service worker (no XMLHttpRequest there, and nobody watching the progress). */
export async function postCatch(fields: CatchFields, signal?: AbortSignal): Promise<CatchAnswer> {
  let response: Response;
  try {
    response = await fetch(CATCH_SUBMISSION_PATH, {
      method: 'POST',
      body: catchForm(fields),
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  } catch {
    throw new CatchUploadError(0);
  }
  return catchAnswer(response.status, await response.text().catch(() => ''));
}

/** Sending from the page, reporting progress to `onProgress`. */
export const uploadFromPage =
  (onProgress: (percent: number) => void = () => {}): Upload =>
  (fields, signal) =>
    uploadCatch(fields, onProgress, signal);

/** The service worker's send (Background Sync): given up after twice the stall time. */
export const uploadFromWorker: Upload = (fields, signal) =>
  postCatch(fields, AbortSignal.any([signal, AbortSignal.timeout(2 * CATCH_STALL_MS)]));

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
