import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  captureId?: string;
  captureResponse?: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  requestId?: string;
  body: any;
}

/**
 * A PayPal Orders v2 REST server on loopback: OAuth client credentials, create, capture and get.
 * Tests steer it: decline the next capture, or capture another amount than the order's.
 */
export class FakePayPal {
  readonly clientId = 'fake-client-id';
  readonly clientSecret = 'fake-client-secret';
  readonly calls: RecordedCall[] = [];
  readonly orders = new Map<string, FakeOrder>();
  /** The next capture is refused with 422 INSTRUMENT_DECLINED. */
  declineNextCapture = false;
  /** Captures report this amount instead of the order's. */
  captureAmountOverride: string | undefined;
  /** Milliseconds each capture takes, to let concurrent captures overlap. */
  captureDelayMs = 0;
  private readonly tokens = new Set<string>();
  private readonly byRequestId = new Map<string, { status: number; body: unknown }>();
  private server = http.createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  callsTo(pathPattern: RegExp) {
    return this.calls.filter((c) => pathPattern.test(c.path));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0];
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    let body: any = raw;
    if ((req.headers['content-type'] ?? '').includes('json')) body = raw ? JSON.parse(raw) : {};
    this.calls.push({ method: req.method ?? '', path, requestId, body });

    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || body !== 'grant_type=client_credentials') {
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21AA${randomBytes(12).toString('hex')}`;
      this.tokens.add(token);
      return send(200, { scope: 'https://uri.paypal.com/services/payments', access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }

    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.tokens.has(bearer)) return send(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials.' });

    // PayPal answers a repeated PayPal-Request-Id with the first response.
    if (req.method === 'POST' && requestId && this.byRequestId.has(requestId)) {
      const first = this.byRequestId.get(requestId)!;
      return send(first.status, first.body);
    }
    const remember = (status: number, payload: unknown) => {
      if (requestId) this.byRequestId.set(requestId, { status, body: payload });
      send(status, payload);
    };

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const unit = body?.purchase_units?.[0];
      if (body?.intent !== 'CAPTURE' || !unit?.amount?.value || !unit?.amount?.currency_code) {
        return send(400, { name: 'INVALID_REQUEST', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] });
      }
      const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      this.orders.set(id, { id, status: 'CREATED', amount: unit.amount });
      return remember(201, { id, status: 'CREATED', links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' }] });
    }

    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      const order = this.orders.get(capture[1]);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (this.captureDelayMs) await new Promise((r) => setTimeout(r, this.captureDelayMs));
      if (order.status === 'COMPLETED') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      if (this.declineNextCapture) {
        this.declineNextCapture = false;
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }] });
      }
      order.status = 'COMPLETED';
      order.captureId = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      order.captureResponse = this.orderBody(order);
      return remember(201, order.captureResponse);
    }

    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const order = this.orders.get(get[1]);
      return order ? send(200, this.orderBody(order)) : send(404, { name: 'RESOURCE_NOT_FOUND' });
    }
    send(404, { name: 'NOT_FOUND' });
  }

  private orderBody(order: FakeOrder) {
    return {
      id: order.id,
      status: order.status,
      purchase_units: [
        {
          payments: order.captureId
            ? { captures: [{ id: order.captureId, status: 'COMPLETED', amount: { currency_code: order.amount.currency_code, value: this.captureAmountOverride ?? order.amount.value } }] }
            : undefined,
        },
      ],
    };
  }
}
