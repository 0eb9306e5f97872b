import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';

interface FakeCapture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED';
  reason?: string;
  amount: { currency_code: string; value: string };
  refundedCents: number;
}

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: { currency_code: string; value: string };
  captureId?: string;
}

/** The fields of the JSON bodies PayPal receives that this fake reads or tests check (orders, refunds, signature checks). */
export interface PaypalRequestJson {
  intent?: string;
  purchase_units?: { amount?: { value?: string; currency_code?: string } }[];
  amount?: { value?: string; currency_code?: string };
  transmission_id?: string;
  transmission_sig?: string;
  transmission_time?: string;
  webhook_id?: string;
  webhook_event?: unknown;
  [field: string]: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  requestId?: string;
  /** The JSON body (empty for a form-encoded one, whose text is in `raw`). */
  body: PaypalRequestJson;
  raw: string;
}

export interface WebhookEventBody {
  id: string;
  event_type: string;
  resource_type: string;
  create_time: string;
  resource: Record<string, unknown>;
}

const cents = (value: string) => Math.round(Number(value) * 100);

/**
 * PayPal's REST API on loopback, as the club uses it: OAuth client credentials and the browser client-token
 * grant; Orders v2 create, get and capture (COMPLETED, PENDING, declined, an answer lost after the capture went
 * through); Payments v2 captures and refunds; webhook deliveries signed so that only the verify-webhook-signature
 * call can tell a real one from a forgery. PayPal-Request-Id is honoured like PayPal: a repeat gets the first answer.
 */
export class FakePayPal {
  readonly clientId = 'fake-client-id';
  readonly clientSecret = 'fake-client-secret';
  readonly webhookId = 'WH-FAKE-0001';
  readonly calls: RecordedCall[] = [];
  readonly orders = new Map<string, FakeOrder>();
  readonly captures = new Map<string, FakeCapture>();
  readonly refunds: { id: string; captureId: string; amount: string }[] = [];
  /** Client tokens issued to browsers, with the domains they are bound to. */
  readonly clientTokens: { token: string; domains: string[] }[] = [];
  /** The next capture is refused with 422 INSTRUMENT_DECLINED. */
  declineNextCapture = false;
  /** The next capture goes through but is held: PENDING with this reason (e.g. 'ECHECK'). */
  pendNextCapture: string | undefined;
  /** The next capture goes through, and then the connection is cut before the answer is sent. */
  loseNextCaptureAnswer = false;
  /** Captures report this amount instead of the order's. */
  captureAmountOverride: string | undefined;
  /** Milliseconds each capture takes, to let concurrent captures overlap. */
  captureDelayMs = 0;
  private readonly tokens = new Set<string>();
  private readonly byRequestId = new Map<string, { status: number; body: unknown }>();
  private readonly signingKey = randomBytes(32);
  private readonly delivered = new Map<string, { signature: string; time: string; event: WebhookEventBody }>();
  private server = http.createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  callsTo(pathPattern: RegExp) {
    return this.calls.filter((c) => pathPattern.test(c.path));
  }

  /** What PayPal's window does when the buyer approves: the order may now be captured. */
  approve(orderId: string) {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`No order ${orderId}`);
    order.status = 'APPROVED';
  }

  /** The captures of an order that moved money (what PayPal charged the buyer). */
  chargesFor(orderId: string) {
    return [...this.captures.values()].filter((c) => c.orderId === orderId && c.status !== 'DECLINED');
  }

  /** PayPal releases (or denies) a capture it held. */
  settleCapture(captureId: string, status: 'COMPLETED' | 'DECLINED') {
    const capture = this.captures.get(captureId);
    if (!capture) throw new Error(`No capture ${captureId}`);
    capture.status = status;
  }

  /** A refund made in PayPal's own dashboard (as the merchant could). */
  refundInDashboard(captureId: string, value: string) {
    const capture = this.captures.get(captureId)!;
    const refund = { id: `RF${randomBytes(7).toString('hex').toUpperCase()}`, captureId, amount: value };
    capture.refundedCents += cents(value);
    this.refunds.push(refund);
    return refund;
  }

  /** A webhook event as PayPal builds it, about a capture or a refund. */
  captureEvent(
    type: 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.PENDING' | 'PAYMENT.CAPTURE.DENIED',
    captureId: string,
  ): WebhookEventBody {
    const capture = this.captures.get(captureId)!;
    return this.event(type, 'capture', {
      id: capture.id,
      status: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : type === 'PAYMENT.CAPTURE.PENDING' ? 'PENDING' : 'DECLINED',
      amount: capture.amount,
      ...(type === 'PAYMENT.CAPTURE.PENDING' ? { status_details: { reason: capture.reason ?? 'PENDING_REVIEW' } } : {}),
      supplementary_data: { related_ids: { order_id: capture.orderId } },
    });
  }

  refundEvent(refund: { id: string; captureId: string; amount: string }): WebhookEventBody {
    const capture = this.captures.get(refund.captureId)!;
    return this.event('PAYMENT.CAPTURE.REFUNDED', 'refund', {
      id: refund.id,
      status: 'COMPLETED',
      amount: { currency_code: capture.amount.currency_code, value: refund.amount },
      links: [
        { href: `https://api.sandbox.paypal.com/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `https://api.sandbox.paypal.com/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
      ],
    });
  }

  /**
   * Delivers an event to the site as PayPal does: JSON with PayPal's transmission headers. `forge` sends the
   * event with a signature PayPal never made; `headers` replays the headers of an earlier delivery.
   */
  async deliver(
    url: string,
    event: WebhookEventBody,
    options: { forge?: boolean; webhookId?: string; body?: string; headers?: Record<string, string> } = {},
  ) {
    const transmissionId = randomBytes(12).toString('hex');
    const time = new Date().toISOString();
    const signature = options.forge
      ? randomBytes(32).toString('base64')
      : this.sign(transmissionId, time, options.webhookId ?? this.webhookId, event);
    if (!options.forge) this.delivered.set(transmissionId, { signature, time, event });
    const headers = options.headers ?? {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-fake',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': time,
    };
    const response = await fetch(url, { method: 'POST', headers, body: options.body ?? JSON.stringify(event) });
    return { status: response.status, body: await response.json().catch(() => undefined), headers };
  }

  private event(type: string, resourceType: string, resource: Record<string, unknown>): WebhookEventBody {
    return {
      id: `WH-${randomBytes(10).toString('hex').toUpperCase()}`,
      event_type: type,
      resource_type: resourceType,
      create_time: new Date().toISOString(),
      resource,
    };
  }

  private sign(transmissionId: string, time: string, webhookId: string, event: WebhookEventBody) {
    return createHmac('sha256', this.signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${JSON.stringify(event)}`)
      .digest('base64');
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0];
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    const isJson = (req.headers['content-type'] ?? '').includes('json');
    let body: PaypalRequestJson = {};
    if (isJson) {
      try {
        body = raw ? (JSON.parse(raw) as PaypalRequestJson) : {};
      } catch {
        return this.send(res, 400, { name: 'MALFORMED_REQUEST_JSON' });
      }
    }
    this.calls.push({ method: req.method ?? '', path, requestId, body, raw });

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      const form = new URLSearchParams(isJson ? '' : raw);
      if (req.headers.authorization !== expected || form.get('grant_type') !== 'client_credentials') {
        return this.send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      if (form.get('response_type') === 'client_token') {
        const token = `eyJ.fake-client-token.${randomBytes(16).toString('hex')}`;
        this.clientTokens.push({ token, domains: form.getAll('domains[]') });
        return this.send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 900 });
      }
      const token = `A21AA${randomBytes(12).toString('hex')}`;
      this.tokens.add(token);
      return this.send(res, 200, {
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        expires_in: 32400,
      });
    }

    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.tokens.has(bearer))
      return this.send(res, 401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials.',
      });

    // PayPal answers a repeated PayPal-Request-Id with the first response.
    if (req.method === 'POST' && requestId && this.byRequestId.has(requestId)) {
      const first = this.byRequestId.get(requestId)!;
      return this.send(res, first.status, first.body);
    }
    const remember = (status: number, payload: unknown) => {
      if (requestId) this.byRequestId.set(requestId, { status, body: payload });
      this.send(res, status, payload);
    };

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const known = this.delivered.get(body.transmission_id ?? '');
      const ok =
        known !== undefined &&
        body.webhook_id === this.webhookId &&
        body.transmission_sig === known.signature &&
        body.transmission_time === known.time &&
        isDeepStrictEqual(body.webhook_event, known.event) &&
        // The event is the delivered one (checked just above), so its signature is recomputed from that.
        this.sign(body.transmission_id ?? '', known.time, this.webhookId, known.event) === known.signature;
      return this.send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const amount = body.purchase_units?.[0]?.amount;
      if (body.intent !== 'CAPTURE' || !amount?.value || !amount.currency_code) {
        return this.send(res, 400, { name: 'INVALID_REQUEST', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] });
      }
      const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      this.orders.set(id, { id, status: 'CREATED', amount: { value: amount.value, currency_code: amount.currency_code } });
      return remember(201, {
        id,
        status: 'CREATED',
        links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' }],
      });
    }

    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      const order = this.orders.get(capture[1]);
      if (!order) return this.send(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (this.captureDelayMs) await new Promise((r) => setTimeout(r, this.captureDelayMs));
      if (order.status === 'COMPLETED')
        return this.send(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      if (this.declineNextCapture) {
        this.declineNextCapture = false;
        return this.send(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }],
        });
      }
      const captureId = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      const reason = this.pendNextCapture;
      this.pendNextCapture = undefined;
      this.captures.set(captureId, {
        id: captureId,
        orderId: order.id,
        status: reason ? 'PENDING' : 'COMPLETED',
        reason,
        amount: { currency_code: order.amount.currency_code, value: this.captureAmountOverride ?? order.amount.value },
        refundedCents: 0,
      });
      order.status = 'COMPLETED';
      order.captureId = captureId;
      const answer = this.orderBody(order);
      if (requestId) this.byRequestId.set(requestId, { status: 201, body: answer });
      if (this.loseNextCaptureAnswer) {
        this.loseNextCaptureAnswer = false;
        // The money is taken; the answer never arrives.
        return req.socket.destroy();
      }
      return this.send(res, 201, answer);
    }

    const order = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && order) {
      const found = this.orders.get(order[1]);
      return found
        ? this.send(res, 200, this.orderBody(found))
        : this.send(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    }

    const getCapture = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && getCapture) {
      const found = this.captures.get(getCapture[1]);
      return found ? this.send(res, 200, this.captureBody(found)) : this.send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    }

    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refund) {
      const found = this.captures.get(refund[1]);
      if (!found) return this.send(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      const value: string = body.amount?.value ?? found.amount.value;
      if (found.status !== 'COMPLETED')
        return this.send(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_NOT_COMPLETED' }] });
      if (found.refundedCents + cents(value) > cents(found.amount.value)) {
        return this.send(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] });
      }
      const made = this.refundInDashboard(found.id, value);
      return remember(201, { id: made.id, status: 'COMPLETED', amount: { currency_code: found.amount.currency_code, value } });
    }
    this.send(res, 404, { name: 'NOT_FOUND' });
  }

  private send(res: http.ServerResponse, status: number, payload: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  }

  private captureBody(capture: FakeCapture) {
    return {
      id: capture.id,
      status: capture.status,
      amount: capture.amount,
      ...(capture.status === 'PENDING' ? { status_details: { reason: capture.reason } } : {}),
      supplementary_data: { related_ids: { order_id: capture.orderId } },
    };
  }

  private orderBody(order: FakeOrder) {
    const capture = order.captureId ? this.captures.get(order.captureId) : undefined;
    return {
      id: order.id,
      status: order.status,
      purchase_units: [{ amount: order.amount, payments: capture ? { captures: [this.captureBody(capture)] } : undefined }],
    };
  }
}
