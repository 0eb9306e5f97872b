import { PaymentProviderError, type CreateOrderRequest, type PaymentProvider, type ProviderCapture } from './payment-provider';

interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (or a test server). */
  apiBase: string;
  timeoutMs?: number;
}

interface PayPalCaptureBody {
  id: string;
  status: string;
  purchase_units?: { payments?: { captures?: { id: string; status: string; amount: { currency_code: string; value: string } }[] } }[];
}

/** PayPal Orders v2 over its REST API, with OAuth client credentials. */
export function createPayPalProvider(options: PayPalOptions): PaymentProvider {
  const base = options.apiBase.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  let token: { value: string; expiresAt: number } | undefined;

  async function call(method: string, path: string, init: { body?: unknown; headers?: Record<string, string>; form?: string; basic?: boolean } = {}) {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.basic) headers.authorization = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    else headers.authorization = `Bearer ${await accessToken()}`;
    let body: string | undefined;
    if (init.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = init.form;
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new PaymentProviderError(`PayPal did not answer: ${(error as Error).message}`);
    }
    const text = await response.text();
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // Leave json undefined: an error page from a proxy, say.
    }
    return { status: response.status, ok: response.ok, json };
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const res = await call('POST', '/v1/oauth2/token', { form: 'grant_type=client_credentials', basic: true });
    if (!res.ok || !res.json?.access_token) throw new PaymentProviderError(`PayPal refused the credentials (HTTP ${res.status}).`, res.status);
    token = { value: res.json.access_token, expiresAt: Date.now() + Number(res.json.expires_in ?? 300) * 1000 };
    return token.value;
  }

  function captureOf(body: PayPalCaptureBody): ProviderCapture {
    const capture = body.purchase_units?.[0]?.payments?.captures?.[0];
    if (body.status === 'COMPLETED' && capture?.status === 'COMPLETED') {
      return { outcome: 'completed', captureId: capture.id, amount: capture.amount.value, currency: capture.amount.currency_code, raw: body };
    }
    return { outcome: 'declined', reason: `PayPal reported the capture as ${capture?.status ?? body.status}.`, raw: body };
  }

  return {
    kind: 'paypal',
    async clientConfig() {
      return { clientId: options.clientId, clientToken: null };
    },

    async createOrder(request: CreateOrderRequest) {
      const res = await call('POST', '/v2/checkout/orders', {
        headers: { 'paypal-request-id': request.requestId, prefer: 'return=representation' },
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: request.reference,
              custom_id: request.reference,
              description: request.description.slice(0, 127),
              amount: { currency_code: request.currency, value: request.amount },
            },
          ],
        },
      });
      if (!res.ok || !res.json?.id) throw new PaymentProviderError(`PayPal could not create the order (HTTP ${res.status}).`, res.status);
      return { id: String(res.json.id), raw: res.json };
    },

    async captureOrder(orderId: string, requestId: string) {
      const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
      const res = await call('POST', `${path}/capture`, { headers: { 'paypal-request-id': requestId, prefer: 'return=representation' }, body: {} });
      if (res.ok) return captureOf(res.json as PayPalCaptureBody);
      const issue: string | undefined = res.json?.details?.[0]?.issue;
      if (issue === 'ORDER_ALREADY_CAPTURED') {
        const order = await call('GET', path);
        if (order.ok) return captureOf(order.json as PayPalCaptureBody);
      }
      if (res.status === 422 || res.status === 400) {
        return { outcome: 'declined', reason: issue ?? res.json?.message ?? `PayPal refused the capture (HTTP ${res.status}).`, raw: res.json };
      }
      throw new PaymentProviderError(`PayPal could not capture the order (HTTP ${res.status}).`, res.status);
    },
  };
}
