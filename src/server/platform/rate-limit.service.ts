import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { AppError } from '../../shared/errors';
import type { Clock } from '../clock';

export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Every limit of the site, in one place. */
export const RATE_RULES = {
  signupPerIp: { name: 'signup-ip', limit: 10, windowSeconds: 3600 },
  /**
   * Per address, sized for a club day, when a whole field signs in from the clubhouse Wi-Fi or one mobile carrier's
   * address; the per-account limit below is what stops anyone guessing one member's password.
   */
  loginPerIp: { name: 'login-ip', limit: 300, windowSeconds: 900 },
  loginPerEmail: { name: 'login-email', limit: 10, windowSeconds: 900 },
  emailPerIp: { name: 'email-ip', limit: 120, windowSeconds: 3600 },
  /**
   * Sign-in links asked for one address, counted alike whether or not it has an account (so the refusal tells nobody
   * which addresses exist); over it, the person is told, never answered 'sent' for a link that did not go.
   */
  signInLinkPerEmail: { name: 'signin-link-email', limit: 3, windowSeconds: 900 },
  verifyPerIp: { name: 'verify-ip', limit: 300, windowSeconds: 900 },
  sponsorPerIp: { name: 'sponsor-ip', limit: 5, windowSeconds: 3600 },
  /** Sponsors' pay links: reading the invoice, making an order, capturing it. Guessing a secret gets nowhere. */
  payLinkPerIp: { name: 'paylink-ip', limit: 60, windowSeconds: 900 },
  /** E-mails telling an address's owner that someone used it on the join form: a few a day, however often it is tried. */
  joinNoticePerEmail: { name: 'join-notice-email', limit: 3, windowSeconds: 86_400 },
  chatPerIp: { name: 'chat-ip', limit: 30, windowSeconds: 600 },
  /** Membership cards checked at /verify: a sign-on desk scans a whole field from one phone; guessing a code gets nowhere. */
  cardVerifyPerIp: { name: 'card-verify-ip', limit: 120, windowSeconds: 900 },
  chatPerUser: { name: 'chat-user', limit: 60, windowSeconds: 600 },
  /** Setup codes tried on the first-run /setup page: an operator mistypes a few; guessing 50 bits gets nowhere. */
  setupPerIp: { name: 'setup-ip', limit: 10, windowSeconds: 900 },
} satisfies Record<string, RateRule>;

export type RateRules = { [K in keyof typeof RATE_RULES]: RateRule };

/**
 * Counts one hit against `rule` for `subject` (an IP or an e-mail address) and refuses with
 * TOO_MANY_REQUESTS (with `refusal`'s sentence) once the window is full. The counter is a single atomic upsert.
 */
export async function consumeRateLimit(
  em: EntityManager,
  clock: Clock,
  rule: RateRule,
  subject: string,
  refusal: (minutes: number) => string = (minutes) =>
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
): Promise<void> {
  const key = `${rule.name}:${createHash('sha256').update(subject).digest('base64url')}`;
  const now = clock.now();
  const windowOpen = new Date(now.getTime() - rule.windowSeconds * 1000);
  const rows = await em.execute<{ window_start: Date; hits: number }[]>(
    `insert into rate_limit_buckets (key, window_start, hits) values (?, ?, 1)
     on conflict (key) do update set
       window_start = case when rate_limit_buckets.window_start <= ? then excluded.window_start else rate_limit_buckets.window_start end,
       hits = case when rate_limit_buckets.window_start <= ? then 1 else rate_limit_buckets.hits + 1 end
     returning window_start, hits`,
    [key, now, windowOpen, windowOpen],
  );
  const { window_start, hits } = rows[0];
  if (hits > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((new Date(window_start).getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new AppError('TOO_MANY_REQUESTS', refusal(minutes), { retryAfterSeconds });
  }
}

/** Removes counters whose window closed long ago (the longest window is a day), so the table stays small. */
export async function pruneRateLimits(em: EntityManager, clock: Clock): Promise<number> {
  const longest = Math.max(...Object.values(RATE_RULES).map((rule) => rule.windowSeconds));
  const rows = await em.execute<{ key: string }[]>(`delete from rate_limit_buckets where window_start < ? returning key`, [
    new Date(clock.now().getTime() - longest * 1000),
  ]);
  return rows.length;
}
