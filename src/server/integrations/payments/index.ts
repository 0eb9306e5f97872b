import { isLoopbackUrl, type Env } from '../../env';
import { createDemoProvider } from './demo';
import type { PaymentProvider } from './payment-provider';
import { createPayPalProvider } from './paypal';

export * from './payment-provider';

/**
 * PayPal when configured (or asked for); demo payments only when asked for with PAYMENTS_PROVIDER=demo or
 * when the site's address is loopback (a laptop), because demo payments give memberships away; otherwise
 * none, and payments are refused with a sentence.
 */
export function createPaymentProvider(env: Env): PaymentProvider | null {
  if (env.PAYMENTS_PROVIDER === 'demo') return createDemoProvider();
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) {
    return createPayPalProvider({
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      apiBase: env.PAYPAL_API_BASE ?? (env.NODE_ENV === 'production' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com'),
      webhookId: env.PAYPAL_WEBHOOK_ID,
      siteUrl: env.PUBLIC_URL,
    });
  }
  return isLoopbackUrl(env.PUBLIC_URL) ? createDemoProvider() : null;
}
