import { PaymentProviderError } from './payment-provider';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (or a test server). */
  apiBase: string;
  /** The webhook's id in the PayPal app; without it no webhook is trusted. */
  webhookId?: string;
  /** The site's address: the browser client token is bound to its domain. */
  siteUrl: string;
  timeoutMs?: number;
}

/** The fields of PayPal's answers read here; any may be missing from an answer we did not expect. */
export interface PayPalAnswer {
  access_token?: string;
  expires_in?: number | string;
  id?: string;
  status?: string;
  message?: string;
  details?: { issue?: string }[];
  amount?: { value?: string };
  verification_status?: string;
}

/** PayPal's REST API: one call, signed with the OAuth access token (client credentials) or the app's own credentials. */
export class PayPalApi {
  readonly base: string;
  private readonly timeoutMs: number;
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly options: PayPalOptions) {
    this.base = options.apiBase.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async call(
    method: string,
    path: string,
    init: { body?: unknown; rawJson?: string; headers?: Record<string, string>; form?: string; basic?: boolean } = {},
  ) {
    const { options } = this;
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.basic) headers.authorization = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    else headers.authorization = `Bearer ${await this.accessToken()}`;
    let body: string | undefined;
    if (init.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = init.form;
    } else if (init.rawJson !== undefined || init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = init.rawJson ?? JSON.stringify(init.body);
    }
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new PaymentProviderError(`PayPal did not answer: ${(error as Error).message}`);
    }
    const text = await response.text();
    let json: PayPalAnswer | undefined;
    try {
      json = text ? (JSON.parse(text) as PayPalAnswer) : undefined;
    } catch {
      // Leave json undefined: an error page from a proxy, say.
    }
    return { status: response.status, ok: response.ok, json };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const res = await this.call('POST', '/v1/oauth2/token', { form: 'grant_type=client_credentials', basic: true });
    if (!res.ok || !res.json?.access_token)
      throw new PaymentProviderError(`PayPal refused the credentials (HTTP ${res.status}).`, res.status);
    this.token = { value: res.json.access_token, expiresAt: Date.now() + Number(res.json.expires_in ?? 300) * 1000 };
    return this.token.value;
  }
}
