import { IMAGE_MAX_BYTES, tooLargeMessage } from '../../../shared/uploads';

// The network side of uploads, free of React so that any code (the catch queue too) can use it.

/** Why a chosen file cannot be uploaded (SPEC §8/§9: one image, at most 5 MB), or null. */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file (JPEG, PNG, WebP or GIF).';
  if (file.size > IMAGE_MAX_BYTES) return tooLargeMessage('image', IMAGE_MAX_BYTES);
  return null;
}

/** How an upload ended: answered (with the server's status and body), failed (no signal) or aborted. */
export interface UploadAnswer {
  outcome: 'answered' | 'failed' | 'aborted';
  status: number;
  responseText: string;
}

/**
 * Sends a body with XMLHttpRequest (fetch cannot report upload progress), reporting progress 0–100.
 * Always resolves with the answer; the caller decides what counts as success.
 */
export function sendWithProgress(
  request: { method: 'PUT' | 'POST'; url: string; body: XMLHttpRequestBodyInit; headers?: Record<string, string> },
  onProgress: (percent: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => resolve({ outcome: 'answered', status: xhr.status, responseText: xhr.responseText });
    xhr.onerror = () => resolve({ outcome: 'failed', status: 0, responseText: '' });
    xhr.onabort = () => resolve({ outcome: 'aborted', status: 0, responseText: '' });
    xhr.send(request.body);
  });
}

/** PUTs the raw file to the upload address, reporting progress (0–100). */
export async function putFile(url: string, file: File, onProgress: (percent: number) => void): Promise<void> {
  const answer = await sendWithProgress(
    { method: 'PUT', url, body: file, headers: file.type ? { 'Content-Type': file.type } : {} },
    onProgress,
  );
  if (answer.outcome === 'aborted') throw new Error('Upload cancelled.');
  if (answer.outcome === 'failed') throw new Error('Upload failed. Please check your connection and try again.');
  if (answer.status < 200 || answer.status >= 300) throw new Error(`Upload failed (HTTP ${answer.status}).`);
}
