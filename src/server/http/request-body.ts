import type { IncomingHttpHeaders } from 'node:http';

/** Whether a request announces a body (a length above zero, or chunks): a GET or a bodyless POST has none. */
export function announcesBody(req: { headers: IncomingHttpHeaders }): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}
