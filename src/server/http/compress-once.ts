import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings the site sends, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Answers and files smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Bytes compressed as something made once and sent many times (the built client's files, a kept public read): brotli
 * at its best setting, gzip at 9. Used by the build (vite.config.ts) and the server alike.
 */
export function compressOnce(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 9 });
}
