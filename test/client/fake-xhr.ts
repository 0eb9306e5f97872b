/**
 * A stand-in for the browser's network on XMLHttpRequest (jsdom has no server to talk to), like
 * `fakeServer` is for fetch: records each request's method, URL and FormData, reports upload progress
 * and answers with the status and JSON body that `respond` gives.
 */
export interface XhrRequest {
  method: string;
  url: string;
  fields: Record<string, string>;
  file: File | null;
}

type Respond = (request: XhrRequest) => { status: number; body: unknown } | 'network-error';

export function installFakeXhr(respond: Respond) {
  const requests: XhrRequest[] = [];
  const original = globalThis.XMLHttpRequest;

  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: FormData) {
      const fields: Record<string, string> = {};
      let file: File | null = null;
      for (const [key, value] of body.entries()) {
        if (typeof value === 'string') fields[key] = value;
        else file = value as File;
      }
      const request = { method: this.method, url: this.url, fields, file };
      requests.push(request);
      setTimeout(() => {
        const answer = respond(request);
        if (answer === 'network-error') return this.onerror?.();
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 10);
    }
  }

  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return { requests, restore: () => (globalThis.XMLHttpRequest = original) };
}
