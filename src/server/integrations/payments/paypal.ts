import {
  PaymentProviderError,
  type CreateOrderRequest,
  type PaymentProvider,
  type ProviderCapture,
  type ProviderOrder,
  type ProviderOrderState,
  type ProviderRefund,
  type WebhookDelivery,
} from './payment-provider';
import { PayPalApi, type PayPalOptions } from './paypal-api';

interface PayPalCapture {
  id: string;
  status: string;
  status_details?: { reason?: string };
  amount: { currency_code: string; value: string };
}

interface PayPalOrderBody {
  id: string;
  status: string;
  purchase_units?: { payments?: { captures?: PayPalCapture[] } }[];
}

const ORDER_STATES: Record<string, 'created' | 'approved' | 'voided'> = {
  CREATED: 'created',
  SAVED: 'created',
  PAYER_ACTION_REQUIRED: 'created',
  APPROVED: 'approved',
  VOIDED: 'voided',
};

function captureOf(capture: PayPalCapture | undefined, raw: unknown, orderStatus?: string): ProviderCapture {
  if (capture?.status === 'COMPLETED') {
    return { outcome: 'completed', captureId: capture.id, amount: capture.amount.value, currency: capture.amount.currency_code, raw };
  }
  if (capture?.status === 'PENDING') {
    const reason = capture.status_details?.reason ?? 'PENDING_REVIEW';
    return {
      outcome: 'pending',
      captureId: capture.id,
      amount: capture.amount.value,
      currency: capture.amount.currency_code,
      reason,
      raw,
    };
  }
  return { outcome: 'declined', reason: `PayPal reported the capture as ${capture?.status ?? orderStatus ?? 'unknown'}.`, raw };
}

const firstCapture = (body: PayPalOrderBody) => body.purchase_units?.[0]?.payments?.captures?.[0];

/** PayPal Orders v2 and Payments v2 over the REST API, with OAuth client credentials. */
class PayPalProvider implements PaymentProvider {
  readonly kind = 'paypal' as const;
  private readonly api: PayPalApi;
  // The browser token is the same for every visitor (bound to the site's domain, not to a person): one is reused
  // while it has more than five of its fifteen minutes left, so opening payment dialogs does not hammer PayPal.
  private clientToken: { value: string; expiresAt: number } | undefined;

  constructor(private readonly options: PayPalOptions) {
    this.api = new PayPalApi(options);
  }

  /** A browser-safe client token (PayPal's client-token grant, bound to the site's domain) for the JS SDK v6. */
  async clientConfig() {
    if (!this.clientToken || this.clientToken.expiresAt < Date.now() + 5 * 60_000) {
      const form = new URLSearchParams({ grant_type: 'client_credentials', response_type: 'client_token', intent: 'sdk_init' });
      form.append('domains[]', new URL(this.options.siteUrl).hostname);
      const res = await this.api.call('POST', '/v1/oauth2/token', { form: form.toString(), basic: true });
      if (!res.ok || !res.json?.access_token)
        throw new PaymentProviderError(`PayPal did not issue a client token (HTTP ${res.status}).`, res.status);
      this.clientToken = { value: String(res.json.access_token), expiresAt: Date.now() + Number(res.json.expires_in ?? 900) * 1000 };
    }
    // Live only with PayPal's live API; the sandbox (and any test server) pairs with the sandbox script.
    const environment = new URL(this.api.base).hostname === 'api-m.paypal.com' ? ('production' as const) : ('sandbox' as const);
    return { clientId: this.options.clientId, clientToken: this.clientToken.value, environment };
  }

  async createOrder(request: CreateOrderRequest): Promise<ProviderOrder> {
    const res = await this.api.call('POST', '/v2/checkout/orders', {
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
  }

  async captureOrder(orderId: string, requestId: string): Promise<ProviderCapture> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
    const res = await this.api.call('POST', `${path}/capture`, {
      headers: { 'paypal-request-id': requestId, prefer: 'return=representation' },
      body: {},
    });
    if (res.ok) return captureOf(firstCapture(res.json as PayPalOrderBody), res.json, res.json?.status);
    const issue: string | undefined = res.json?.details?.[0]?.issue;
    if (issue === 'ORDER_ALREADY_CAPTURED') {
      // An earlier capture went through but its answer never reached us: read the order instead.
      const order = await this.api.call('GET', path);
      if (order.ok) return captureOf(firstCapture(order.json as PayPalOrderBody), order.json, order.json?.status);
    }
    if (res.status === 422 || res.status === 400) {
      return {
        outcome: 'declined',
        reason: issue ?? res.json?.message ?? `PayPal refused the capture (HTTP ${res.status}).`,
        raw: res.json,
      };
    }
    throw new PaymentProviderError(`PayPal could not capture the order (HTTP ${res.status}).`, res.status);
  }

  async getOrder(orderId: string): Promise<ProviderOrderState> {
    const res = await this.api.call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (res.status === 404) return { state: 'not_found', raw: res.json };
    if (!res.ok) throw new PaymentProviderError(`PayPal could not look up the order (HTTP ${res.status}).`, res.status);
    const body = res.json as PayPalOrderBody;
    if (body.status === 'COMPLETED') return { state: 'captured', capture: captureOf(firstCapture(body), body, body.status), raw: body };
    return { state: ORDER_STATES[body.status] ?? 'created', raw: body };
  }

  async getCapture(captureId: string): Promise<ProviderCapture> {
    const res = await this.api.call('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
    if (!res.ok) throw new PaymentProviderError(`PayPal could not look up the capture (HTTP ${res.status}).`, res.status);
    return captureOf(res.json as PayPalCapture, res.json);
  }

  async refund(captureId: string, amount: string, currency: string, requestId: string): Promise<ProviderRefund> {
    const res = await this.api.call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
      headers: { 'paypal-request-id': requestId, prefer: 'return=representation' },
      body: { amount: { value: amount, currency_code: currency } },
    });
    if (!res.ok || !res.json?.id) {
      const issue: string | undefined = res.json?.details?.[0]?.issue;
      throw new PaymentProviderError(`PayPal refused the refund${issue ? ` (${issue})` : ''} (HTTP ${res.status}).`, res.status, issue);
    }
    return {
      refundId: String(res.json.id),
      status: res.json.status === 'COMPLETED' ? 'completed' : 'pending',
      amount: String(res.json.amount?.value ?? amount),
      raw: res.json,
    };
  }

  /** PayPal's verify-webhook-signature call, with the event exactly as it arrived. */
  async verifyWebhook(delivery: WebhookDelivery) {
    if (!this.options.webhookId) return false;
    const header = (name: string) => {
      const value = delivery.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const fields = {
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
      webhook_id: this.options.webhookId,
    };
    if (Object.values(fields).some((v) => !v)) return false;
    // Re-serialising the event could change it (number formats, key order) and break the signature.
    const rawJson = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${delivery.rawBody}}`;
    const res = await this.api.call('POST', '/v1/notifications/verify-webhook-signature', { rawJson });
    if (!res.ok) throw new PaymentProviderError(`PayPal could not verify the webhook (HTTP ${res.status}).`, res.status);
    return res.json?.verification_status === 'SUCCESS';
  }
}

/** PayPal Orders v2 and Payments v2 over the REST API, with OAuth client credentials. */
export function createPayPalProvider(options: PayPalOptions): PaymentProvider {
  return new PayPalProvider(options);
}
