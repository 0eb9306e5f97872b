/** An order as the provider created it. */
export interface ProviderOrder {
  id: string;
  raw: unknown;
}

/**
 * The outcome of capturing an order (or of asking about a capture later):
 * completed: the money is the club's; pending: the provider took the payment but holds it (an eCheck, a
 * review) and reports later; declined: no money moved and the buyer may try again.
 */
export type ProviderCapture =
  | { outcome: 'completed'; captureId: string; amount: string; currency: string; raw: unknown }
  | { outcome: 'pending'; captureId: string; amount: string; currency: string; reason: string; raw: unknown }
  | { outcome: 'declined'; reason: string; raw: unknown };

/** Where an order stands at the provider, for reconciliation. */
export type ProviderOrderState =
  { state: 'created' | 'approved' | 'voided' | 'not_found'; raw: unknown } | { state: 'captured'; capture: ProviderCapture; raw: unknown };

export interface ProviderRefund {
  refundId: string;
  status: 'completed' | 'pending';
  amount: string;
  raw: unknown;
}

export interface CreateOrderRequest {
  amount: string;
  currency: string;
  description: string;
  /** Our payment id; shown to the buyer and echoed back by the provider. */
  reference: string;
  /** Idempotency key: the same key never creates a second order. */
  requestId: string;
}

/** A webhook delivery as it arrived: its headers and the body exactly as sent. */
export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** Online card and wallet payments: PayPal Orders v2, or a demo provider for machines without an account. */
export interface PaymentProvider {
  readonly kind: 'paypal' | 'demo';
  /** What the browser needs to show the provider's buttons. */
  clientConfig(): Promise<{ clientId: string | null; clientToken: string | null; environment: 'sandbox' | 'production' | null }>;
  createOrder(request: CreateOrderRequest): Promise<ProviderOrder>;
  /** Safe to repeat with the same requestId: the provider answers a repeat with the first outcome. */
  captureOrder(orderId: string, requestId: string, options?: { simulateDecline?: boolean }): Promise<ProviderCapture>;
  getOrder(orderId: string): Promise<ProviderOrderState>;
  /** A capture reported pending, asked about again. */
  getCapture(captureId: string): Promise<ProviderCapture>;
  refund(captureId: string, amount: string, currency: string, requestId: string): Promise<ProviderRefund>;
  /** Whether a webhook delivery really comes from the provider (false when webhooks are not configured). */
  verifyWebhook(delivery: WebhookDelivery): Promise<boolean>;
}

/** The provider could not be reached or answered with an error that is not the buyer's. */
export class PaymentProviderError extends Error {
  /** `issue`: the provider's own code for a refusal (PayPal's details[0].issue, e.g. REFUND_AMOUNT_EXCEEDED). */
  constructor(
    message: string,
    readonly status?: number,
    readonly issue?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
