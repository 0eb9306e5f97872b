import type { FastifyRequest } from 'fastify';

/**
 * Text no field accepts: a NUL character (PostgreSQL cannot store one; a parameter holding one breaks its wire
 * protocol, 08P01) and half a UTF-16 surrogate pair (not Unicode text at all; JSON columns refuse it).
 */
export const BAD_TEXT_MESSAGE = 'The request contains a character that no field accepts (a NUL, or a broken Unicode character).';
export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isBadText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Whether any text in a parsed input (a value or a key, at any depth) is text no field accepts. */
export function containsBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isBadText(value);
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return false;
  for (const [key, item] of Object.entries(value)) {
    if (isBadText(key) || containsBadText(item, depth + 1)) return true;
  }
  return false;
}

/**
 * What is wrong with a request's input before any handler sees it (broken JSON, bad text), or null. tRPC
 * reads its JSON lazily, so a procedure without input would never notice a broken body or `input`
 * parameter: both are parsed here.
 */
export function inputProblem(req: FastifyRequest): string | null {
  let body: unknown = req.body;
  if (req.url.startsWith('/trpc/')) {
    const raw = req.method === 'GET' ? (req.query as Record<string, unknown>).input : req.body;
    body = undefined;
    if (raw !== undefined && raw !== '') {
      if (typeof raw !== 'string') return INVALID_JSON_MESSAGE;
      try {
        body = JSON.parse(raw);
      } catch {
        return INVALID_JSON_MESSAGE;
      }
    }
  }
  return containsBadText(req.params) || containsBadText(req.query) || containsBadText(body) ? BAD_TEXT_MESSAGE : null;
}
