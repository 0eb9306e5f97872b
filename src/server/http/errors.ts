import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/unavailable';
import { inputProblem } from '../input-text';

/**
 * How the site answers what goes wrong outside a procedure: broken JSON and NUL characters (which PostgreSQL
 * cannot store) are refused before any handler runs, a database outage is a 503 to retry, a client's mistake
 * keeps its status with a sentence a person understands, and anything else is a logged 500 that says nothing more.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('preHandler', async (req, reply) => {
    const problem = inputProblem(req);
    if (problem) return reply.code(400).send({ message: problem });
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'Database unavailable');
      return reply.code(503).header('retry-after', '30').send({ message: DATABASE_UNAVAILABLE });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'Request failed');
      return reply.code(status).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(status).send({ message: clientErrorMessage(error) });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Requests must be sent as JSON (Content-Type: application/json).';
    default:
      return error.message;
  }
}
