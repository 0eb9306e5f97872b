import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { announcesBody } from './request-body';

/**
 * Counts the requests in flight, from arrival (before their body is read) until their response is finished or their
 * connection closes (the response's `close`, which also covers answers written straight to the socket), so a shutdown
 * can let them finish: `app.drain` stops new connections and waits for these. Also cuts off a body trickled byte by
 * byte, which Node's requestTimeout stops watching once the headers are in.
 */
export function registerDrain(app: FastifyInstance, requestTimeoutSeconds: number): void {
  const requests = { inFlight: 0 };
  app.addHook('onRequest', (req, reply, done) => {
    requests.inFlight++;
    reply.raw.once('close', () => requests.inFlight--);
    if (announcesBody(req)) cutOffWhenSlow(req, reply, requestTimeoutSeconds);
    done();
  });
  const onDrain: (() => void)[] = [];
  app.decorate('onDrain', (listener: () => void) => void onDrain.push(listener));
  app.decorate('drain', async (timeoutMs: number) => {
    app.server.close();
    for (const listener of onDrain) listener();
    const deadline = Date.now() + timeoutMs;
    while (requests.inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops taking connections and waits (up to `timeoutMs`) for the requests already in flight. */
    drain(timeoutMs: number): Promise<void>;
    /** Runs `listener` when a drain begins: for requests that never finish by themselves (event streams). */
    onDrain(listener: () => void): void;
  }
}

function cutOffWhenSlow(req: FastifyRequest, reply: FastifyReply, seconds: number) {
  const timer = setTimeout(() => {
    if (req.raw.complete || reply.sent) return;
    req.log.info({ url: req.url.split('?')[0] }, 'Request body too slow: connection closed');
    reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    reply.raw.end(JSON.stringify({ message: 'The request took too long to arrive. Please try again.' }), () => req.raw.socket.destroy());
  }, seconds * 1000);
  timer.unref();
  req.raw.once('close', () => clearTimeout(timer));
}
