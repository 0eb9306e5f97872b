import fastifyCompress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD, compressOnce, ENCODINGS, type Encoding } from './compress-once';

export { COMPRESS_THRESHOLD } from './compress-once';

/**
 * Compresses the API's answers (JSON, CSV, calendar files) for clients that accept it; registered before the
 * routes, which it applies to. The built client's files are compressed once at build time instead (served by
 * @fastify/static with `preCompressed`), and a kept public read once per encoding (`encodedOnce`); both carry a
 * content-encoding this plugin leaves alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: [...ENCODINGS],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } },
  });
}

/** Brotli's fast setting, for answers made per request (11 is for files made once). */
const PER_REQUEST_BROTLI_QUALITY = 4;

/**
 * Sends a body made for this request compressed as the plugin compresses answers, for what the plugin's route hooks
 * do not reach (the not-found handler, which answers the app's pages).
 */
export function sendCompressed(req: FastifyRequest, reply: FastifyReply, body: string) {
  const bytes = Buffer.from(body);
  const encoding = bytes.length >= COMPRESS_THRESHOLD ? acceptedEncoding(req) : undefined;
  reply.header('vary', [reply.getHeader('vary'), 'accept-encoding'].filter(Boolean).join(', '));
  if (!encoding) return reply.send(bytes);
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } })
      : gzipSync(bytes);
  return reply.header('content-encoding', encoding).send(compressed);
}

/** The encoding this request accepts best, if any. */
export function acceptedEncoding(req: FastifyRequest): Encoding | undefined {
  const header = req.headers['accept-encoding'];
  if (!header) return undefined;
  return negotiate<Encoding>(header, [...ENCODINGS]) ?? undefined;
}

/**
 * The same bytes in `encoding`, compressed the first time they are asked for and remembered with `owner` (a kept
 * answer; forgotten with it).
 */
export function encodedOnce(owner: object, body: Buffer, encoding: Encoding): Buffer {
  let variants = ENCODED.get(owner);
  if (!variants) ENCODED.set(owner, (variants = {}));
  return (variants[encoding] ??= compressOnce(body, encoding));
}
const ENCODED = new WeakMap<object, Partial<Record<Encoding, Buffer>>>();
