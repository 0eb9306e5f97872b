import type { Achievement } from '../../../shared/catches';
import type { CatchView } from '../../../shared/catches.schema';

export const CATCH_SUBMISSION_URL = '/api/catches';

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

/** POSTs the catch as multipart with XMLHttpRequest (fetch cannot report upload progress); progress is 0–100. */
export function uploadCatch(
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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', CATCH_SUBMISSION_URL);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body?.catch) {
        onProgress(100);
        resolve(body as { catch: CatchView; achievement: Achievement });
        return;
      }
      const message = typeof body?.message === 'string' && body.message.trim() ? body.message : undefined;
      reject(new CatchUploadError(xhr.status, message));
    };
    xhr.onerror = () => reject(new CatchUploadError(0));
    xhr.onabort = () => reject(new CatchUploadError(0));
    xhr.send(form);
  });
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
