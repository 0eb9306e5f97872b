import { z } from 'zod';

const commaList = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** 127.0.0.1: only this machine (npm start, npm run demo with its published logins); the Docker image says 0.0.0.0. */
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString,
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'SESSION_SECRET must be at least 32 characters.').optional()),
    SMTP_URL: optionalString,
    MAIL_FROM: optionalString,
    /** '1': a production site without SMTP_URL writes its mail to DATA_DIR/outbox (sign-in links nobody reads). */
    MAIL_OUTBOX_IN_PRODUCTION: z.enum(['0', '1'], { error: 'MAIL_OUTBOX_IN_PRODUCTION must be 1 or 0.' }).optional(),
    PAYPAL_CLIENT_ID: optionalString,
    PAYPAL_CLIENT_SECRET: optionalString,
    PAYPAL_API_BASE: optionalString,
    PAYPAL_WEBHOOK_ID: optionalString,
    /**
     * 'paypal' or 'demo'; unset: PayPal when its credentials are set, demo payments only on a site nobody else can
     * reach (HOST and PUBLIC_URL both loopback), otherwise none.
     */
    PAYMENTS_PROVIDER: optionalString.pipe(
      z.enum(['paypal', 'demo'], { error: "PAYMENTS_PROVIDER must be 'paypal' or 'demo'." }).optional(),
    ),
    /** How often unfinished PayPal payments are checked with PayPal (reconciliation); 0 turns it off. */
    PAYMENTS_RECONCILE_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
    S3_BUCKET: optionalString,
    S3_REGION: optionalString,
    S3_ENDPOINT: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: optionalString,
    ADMIN_EMAILS: commaList.transform((list) => list.map((e) => e.toLowerCase())),
    ASSISTANT_API_URL: optionalString,
    ASSISTANT_API_KEY: optionalString,
    ASSISTANT_MODEL: optionalString,
    TRUST_PROXY: commaList,
    /** Web push (VAPID) keys, for several instances that must share them; unset: generated once into DATA_DIR/vapid-keys.json. */
    VAPID_PUBLIC_KEY: optionalString.pipe(
      z
        .string()
        .regex(
          /^B[A-Za-z0-9_-]{86}$/,
          'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters), as `npx web-push generate-vapid-keys` prints it.',
        )
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalString.pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9_-]{43}$/,
          'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters), as `npx web-push generate-vapid-keys` prints it.',
        )
        .optional(),
    ),
    /** Who push services contact about our pushes: a mailto: or https: address (default: the club's contact e-mail). */
    VAPID_SUBJECT: optionalString.pipe(
      z
        .string()
        .regex(
          /^(mailto:\S+@\S+|https:\/\/\S+)$/,
          'VAPID_SUBJECT must be a mailto: or https:// address (e.g. mailto:committee@example.org).',
        )
        .optional(),
    ),
    /** How often the renewal job (reminders, expiry) runs inside the app; 0 turns it off. */
    RENEWALS_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
    /** The pace of newsletters (messages per second, across every instance of the site); 0: this instance sends none. */
    NEWSLETTER_SENDS_PER_SECOND: z.coerce
      .number({ error: 'NEWSLETTER_SENDS_PER_SECOND must be a number.' })
      .min(0, 'NEWSLETTER_SENDS_PER_SECOND cannot be negative.')
      .max(100, 'NEWSLETTER_SENDS_PER_SECOND must be at most 100.')
      .default(2),
    /** A coarse limit on everything, per client address (through TRUST_PROXY), on top of the per-purpose limits; 0 turns it off. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(600),
    /** How long a request (headers and body, a catch photo on a weak signal included) may take to arrive. */
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Backups are encrypted to this age public key (the committee keeps the secret key, never on the server). */
    BACKUP_RECIPIENT: optionalString.pipe(
      z
        .string()
        .regex(/^age1[0-9a-z]{20,}$/, 'BACKUP_RECIPIENT must be an age public key (age1…), made with age-keygen.')
        .optional(),
    ),
    /** Or to a passphrase (it then opens them too). */
    BACKUP_PASSPHRASE: optionalString.pipe(z.string().min(12, 'BACKUP_PASSPHRASE must be at least 12 characters.').optional()),
    /** For restore only: the secret key that opens backups encrypted to BACKUP_RECIPIENT. */
    BACKUP_IDENTITY: optionalString,
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENTS_PROVIDER === 'paypal' && !(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_PROVIDER'],
        message: 'PAYMENTS_PROVIDER=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.',
      });
    }
    if (env.PAYMENTS_PROVIDER === 'demo' && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_PROVIDER'],
        message: 'Demo payments give memberships away: PAYMENTS_PROVIDER=demo is refused in production.',
      });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          "PUBLIC_URL is required in production: the site's address as people type it (e.g. https://club.example.org), used in e-mailed links and to check where requests come from.",
      });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.MAIL_OUTBOX_IN_PRODUCTION !== '1') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'SMTP_URL is required in production, or sign-in links and receipts are written to a folder nobody reads (e.g. smtps://user:pass@smtp.example.org:465). To accept that anyway, set MAIL_OUTBOX_IN_PRODUCTION=1.',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (one key pair), or neither.',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET is required in production (at least 32 random characters).',
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }));

export type Env = z.infer<typeof envSchema>;

/** Reads and checks the environment; the only place that touches process.env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Whether an address is this machine only (localhost, 127.x, ::1): nobody else can reach a site there. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/** Whether the server listens on this machine only (127.0.0.0/8, ::1, localhost), not on the network. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}
