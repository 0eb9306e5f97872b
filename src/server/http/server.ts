import Fastify, { type FastifyInstance } from 'fastify';
import type { Env } from '../env';
import { loggablePath } from './log-paths';

/** The bare Fastify server: proxy trust, body and time limits, and a log that never holds a cookie or a token. */
export function createServer(env: Env, logStream?: NodeJS.WritableStream): FastifyInstance {
  return Fastify({
    trustProxy: env.TRUST_PROXY.length ? env.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
    // A request (headers and body) must arrive within this time, so clients trickling bytes cannot hold connections.
    requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
    // Node checks those deadlines every 30 s by default; every 2 s, a client slow with its headers is cut off close to its deadline.
    http: { connectionsCheckingInterval: 2_000 },
    routerOptions: { maxParamLength: 5000 },
    logger: {
      level: env.LOG_LEVEL,
      ...(logStream ? { stream: logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        // Links carry tokens in their query string (and cards and calendar addresses in their path): never logged.
        req: (req) => ({ method: req.method, url: loggablePath(req.url), ip: req.ip }),
      },
    },
  });
}
