import { CATCH_SUBMISSION_PATH, type Achievement } from '../../../shared/catches';
import type { CatchView } from '../../../shared/catches.schema';
import { sendWithProgress } from '../../components/uploads/send';

/** The fields of SPEC §3's catch submission, as the form holds them. */
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

/** POSTs the catch as multipart, reporting progress 0–100. */
export async function uploadCatch(
  fields: CatchFields,
  onProgress: (percent: number) => void,
): Promise<{ catch: CatchView; achievement: Achievement }> {
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
  const answer = await sendWithProgress(
    { method: 'POST', url: CATCH_SUBMISSION_PATH, body: form, headers: { Accept: 'application/json' } },
    onProgress,
  );
  if (answer.outcome !== 'answered') throw new CatchUploadError(0);
  const body = parseJson(answer.responseText);
  if (answer.status >= 200 && answer.status < 300 && body?.catch) {
    onProgress(100);
    return body as { catch: CatchView; achievement: Achievement };
  }
  const message = typeof body?.message === 'string' && body.message.trim() ? body.message : undefined;
  throw new CatchUploadError(answer.status, message);
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
