/** An order as the provider created it. */
export interface ProviderOrder {
  id: string;
  raw: unknown;
}

/** The outcome of capturing an order. */
export type ProviderCapture =
  | { outcome: 'completed'; captureId: string; amount: string; currency: string; raw: unknown }
  | { outcome: 'declined'; reason: string; raw: unknown };

export interface CreateOrderRequest {
  amount: string;
  currency: string;
  description: string;
  /** Our payment id; shown to the buyer and echoed back by the provider. */
  reference: string;
  /** Idempotency key: the same key never creates a second order. */
  requestId: string;
}

/** Online card and wallet payments: PayPal Orders v2, or a demo provider for machines without an account. */
export interface PaymentProvider {
  readonly kind: 'paypal' | 'demo';
  /** What the browser needs to show the provider's buttons. */
  clientConfig(): Promise<{ clientId: string | null; clientToken: string | null }>;
  createOrder(request: CreateOrderRequest): Promise<ProviderOrder>;
  captureOrder(orderId: string, requestId: string): Promise<ProviderCapture>;
}

/** The provider could not be reached or answered with an error that is not the buyer's. */
export class PaymentProviderError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
