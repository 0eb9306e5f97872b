import type { Env } from '../../env';
import { createDemoProvider } from './demo';
import type { PaymentProvider } from './payment-provider';
import { createPayPalProvider } from './paypal';

export * from './payment-provider';

/** PayPal when configured; the demo provider outside production; none (payments unavailable) otherwise. */
export function createPaymentProvider(env: Env): PaymentProvider | null {
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) {
    return createPayPalProvider({
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      apiBase: env.PAYPAL_API_BASE ?? (env.NODE_ENV === 'production' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com'),
    });
  }
  return env.NODE_ENV === 'production' ? null : createDemoProvider();
}
