import { isLoopbackHost, isLoopbackUrl, type Env } from '../../env';
import { createDemoProvider } from './demo';
import type { PaymentProvider } from './payment-provider';
import { createPayPalProvider } from './paypal';

export * from './payment-provider';

/**
 * Demo payments give memberships away, so they run only where nobody else can reach them: the server listens on
 * loopback and its address is loopback (a laptop's `npm start`), or they are asked for with PAYMENTS_PROVIDER=demo.
 */
function demoIsPrivate(env: Env): boolean {
  return isLoopbackHost(env.HOST) && isLoopbackUrl(env.PUBLIC_URL);
}

/** PayPal when configured; demo payments when asked for or private (see demoIsPrivate); otherwise none. */
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
  return demoIsPrivate(env) ? createDemoProvider() : null;
}

/** Why this site takes no online payments, for one warning line in the start-up log; null when it takes them. */
export function paymentsOffWarning(env: Env): string | null {
  if (env.PAYMENTS_PROVIDER === 'demo' || (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) || demoIsPrivate(env)) return null;
  const fix = 'set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET';
  if (env.NODE_ENV === 'production') return `Online payments are off (members are told to pay the treasurer): ${fix}.`;
  return `Online payments are off (members are told to pay the treasurer): there are no PayPal credentials, and demo payments, which give memberships away, run only when HOST and PUBLIC_URL are both loopback (HOST is ${env.HOST}, PUBLIC_URL ${env.PUBLIC_URL}). To take payments, ${fix}; for a private test site, PAYMENTS_PROVIDER=demo.`;
}
