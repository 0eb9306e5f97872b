import { IMAGE_MAX_BYTES, tooLargeMessage } from '../../../shared/uploads';
import { awayFromClub } from '../../lib/club-address';

// The network side of uploads, free of React so that any code (the catch queue too) can use it.

/** Why a chosen file cannot be uploaded, or null. */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file (JPEG, PNG, WebP or GIF).';
  if (file.size > IMAGE_MAX_BYTES) return tooLargeMessage('image', IMAGE_MAX_BYTES);
  return null;
}

/** How an upload ended: answered (with the server's status and body), failed (no signal), stalled or aborted. */
export interface UploadAnswer {
  outcome: 'answered' | 'failed' | 'stalled' | 'aborted';
  status: number;
  responseText: string;
}

export interface SendOptions {
  /** Gives up when nothing moves for this long: no upload progress, and no answer once the body is sent. */
  stallMs?: number;
  /** Cancels the request (the answer is then 'aborted'). */
  signal?: AbortSignal;
}

/**
 * Sends a body with XMLHttpRequest (fetch cannot report upload progress), reporting progress 0–100.
 * Always resolves with the answer; the caller decides what counts as success.
 */
export function sendWithProgress(
  request: { method: 'PUT' | 'POST'; url: string; body: XMLHttpRequestBodyInit; headers?: Record<string, string> },
  onProgress: (percent: number) => void,
  options: SendOptions = {},
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let stalled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Every sign of life (bytes going up, the answer coming down) starts the stall clock again.
    const alive = () => {
      if (!options.stallMs) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, options.stallMs);
    };
    const settle = (answer: UploadAnswer) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
      resolve(answer);
    };
    const cancel = () => xhr.abort();
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      alive();
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onprogress = alive;
    xhr.onload = () => settle({ outcome: 'answered', status: xhr.status, responseText: xhr.responseText });
    xhr.onerror = () => settle({ outcome: 'failed', status: 0, responseText: '' });
    xhr.onabort = () => settle({ outcome: stalled ? 'stalled' : 'aborted', status: 0, responseText: '' });
    if (options.signal?.aborted) return settle({ outcome: 'aborted', status: 0, responseText: '' });
    options.signal?.addEventListener('abort', cancel);
    alive();
    xhr.send(request.body);
  });
}

/**
 * PUTs the raw file to the upload address, reporting progress (0–100). Upload addresses are the club's own (or its
 * bucket's, which takes files from the club's address only): on a page opened at another address, says so instead.
 */
export async function putFile(url: string, file: File, onProgress: (percent: number) => void): Promise<void> {
  const away = awayFromClub();
  if (away && new URL(url, window.location.href).origin !== window.location.origin) {
    throw new Error(`Images can be uploaded only at the club's address, ${away.clubUrl}.`);
  }
  const answer = await sendWithProgress(
    { method: 'PUT', url, body: file, headers: file.type ? { 'Content-Type': file.type } : {} },
    onProgress,
  );
  if (answer.outcome === 'aborted') throw new Error('Upload cancelled.');
  if (answer.outcome !== 'answered') throw new Error('Upload failed. Please check your connection and try again.');
  if (answer.status < 200 || answer.status >= 300) throw new Error(`Upload failed (HTTP ${answer.status}).`);
}
