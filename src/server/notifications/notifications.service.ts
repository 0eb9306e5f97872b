import type { EntityManager } from '@mikro-orm/postgresql';
import { ECDH, randomUUID } from 'node:crypto';
import { AppError } from '../../shared/errors';
import { formatClubDateTime } from '../../shared/dates';
import { fishingCloses } from '../../shared/events';
import { DEFAULT_PREFERENCES, type NotificationKind, type NotificationPreferences, type PushMessage } from '../../shared/notifications';
import type { NotificationSettings as SettingsView } from '../../shared/notifications.schema';
import type { pushSubscriptionInput, pushUnsubscribeInput, setNotificationPreferenceInput } from '../../shared/notifications.schema';
import type { z } from 'zod';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Event, EventRegistration, Member, NotificationSettings, PushSubscription, User } from '../db/entities';
import type { RenderedEmail } from '../emails/layout';
import { notificationEmail } from '../emails/notifications.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import type { PushSender } from '../integrations/push';
import { requireUser, type Actor } from '../platform/actor';

export interface NotificationsDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  /** Web push; null or absent: no pushes (the demo's seeding), e-mail only. */
  push?: PushSender | null;
  club: Pick<ClubSettingsService, 'profile'>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** A browser (phone, computer) per user at most: the oldest unused one goes when an eleventh turns notifications on. */
export const MAX_DEVICES = 10;

/** How long a push service keeps a message for a phone that is off: past this it would only be stale news. */
const TTL_SECONDS: Record<NotificationKind, number> = {
  event_tomorrow: 20 * 3600,
  catch_judged: 3 * 86_400,
  results_final: 3 * 86_400,
  waitlist_place_freed: 86_400,
};

/** The columns of notification_settings, one per kind (never a name from a request). */
const COLUMN: Record<NotificationKind, string> = {
  event_tomorrow: 'event_tomorrow',
  catch_judged: 'catch_judged',
  results_final: 'results_final',
  waitlist_place_freed: 'waitlist_place_freed',
};

/** What happened to one notification: switched off, pushed (to how many browsers), e-mailed instead, or nothing reached. */
export interface NotifyOutcome {
  sent: 'off' | 'push' | 'email' | 'none';
  pushed: number;
}

/** Who hears of something: an account (pushes go to its browsers), and the address an e-mail goes to. */
export interface Recipient {
  userId: string | null;
  email: string | null;
  firstName: string;
}

export interface NotifyOptions {
  /** false: no e-mail when no push arrives (an e-mail for the same thing goes out anyway); otherwise its button's label. */
  email?: false | { buttonLabel: string };
}

/**
 * Notifications members choose: web push to each of their browsers when the kind is on, an e-mail when none takes it.
 * Everything here talks to push services or the mail server: call it after the transaction that made the news
 * has committed, never inside one.
 */
export class NotificationsService {
  constructor(private readonly deps: NotificationsDeps) {}

  /** The server's public key (for the browser to subscribe with), the member's choices and their devices. */
  async settings(em: EntityManager, actor: Actor): Promise<SettingsView> {
    const user = requireUser(actor);
    const [preferences, devices] = await Promise.all([this.preferencesOf(em, user.id), em.count(PushSubscription, { user: user.id })]);
    return { publicKey: this.deps.push?.publicKey ?? '', preferences, devices };
  }

  async setPreference(em: EntityManager, actor: Actor, input: z.output<typeof setNotificationPreferenceInput>): Promise<SettingsView> {
    const user = requireUser(actor);
    const column = COLUMN[input.kind];
    await em.execute(
      `insert into notification_settings (user_id, ${column}, updated_at) values (?, ?, ?)
         on conflict (user_id) do update set ${column} = excluded.${column}, updated_at = excluded.updated_at`,
      [user.id, input.enabled, this.deps.clock.now()],
    );
    return this.settings(em, actor);
  }

  /**
   * Keeps a browser's subscription for the signed-in user. The same browser again (a new sign-in on a shared phone)
   * moves it to this user: a browser has one subscription, and it belongs to whoever turned notifications on last.
   */
  async subscribe(em: EntityManager, actor: Actor, input: z.output<typeof pushSubscriptionInput>): Promise<SettingsView> {
    const user = requireUser(actor);
    if (!this.deps.push) throw new AppError('SERVICE_UNAVAILABLE', 'Notifications are not available on this site at the moment.');
    if (!isP256Point(input.keys.p256dh))
      throw new AppError('BAD_REQUEST', 'The p256dh key is not a key a browser gives.', { field: 'keys.p256dh' });
    await em.execute(
      `insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) values (?, ?, ?, ?, ?, ?)
       on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
         created_at = excluded.created_at, last_failure_at = null, last_failure_status = null`,
      [randomUUID(), user.id, input.endpoint, input.keys.p256dh, input.keys.auth, this.deps.clock.now()],
    );
    await em.execute(
      `delete from push_subscriptions where user_id = ? and id not in (
         select id from push_subscriptions where user_id = ?
         order by greatest(created_at, coalesce(last_success_at, created_at)) desc limit ?)`,
      [user.id, user.id, MAX_DEVICES],
    );
    return this.settings(em, actor);
  }

  /** Forgets a browser's subscription (turned off on that phone); one that is not the user's is left alone. */
  async unsubscribe(em: EntityManager, actor: Actor, input: z.output<typeof pushUnsubscribeInput>): Promise<SettingsView> {
    const user = requireUser(actor);
    await em.nativeDelete(PushSubscription, { endpoint: input.endpoint, user: user.id });
    return this.settings(em, actor);
  }

  /**
   * Tells a user something, when they have that kind on: a push to every browser of theirs, and an e-mail with the
   * same words when none of them takes it (none turned on, or every one failing) unless `options.email` is false.
   * Subscriptions the push service says are gone (404/410) are removed. Never throws: the news itself stands.
   */
  async notify(
    em: EntityManager,
    userId: string,
    kind: NotificationKind,
    message: PushMessage,
    options: NotifyOptions = {},
  ): Promise<NotifyOutcome> {
    try {
      if (!this.deps.push && options.email === false) return { sent: 'none', pushed: 0 };
      if (!(await this.preferencesOf(em, userId))[kind]) return { sent: 'off', pushed: 0 };
      const pushed = await this.push(em, userId, kind, message);
      if (pushed > 0) return { sent: 'push', pushed };
      if (options.email === false) return { sent: 'none', pushed: 0 };
      const user = await em.findOne(User, { id: userId });
      if (!user) return { sent: 'none', pushed: 0 };
      const mail = await notificationEmail(await this.deps.club.profile(em), {
        firstName: user.firstName,
        title: message.title,
        body: message.body,
        url: `${this.deps.publicUrl}${message.url}`,
        buttonLabel: options.email?.buttonLabel ?? 'Open the club site',
        settingsUrl: `${this.deps.publicUrl}/member`,
      });
      return { sent: (await deliverQuietly(this.deps.mailer, this.deps.log, { to: user.email, ...mail })) ? 'email' : 'none', pushed: 0 };
    } catch (error) {
      this.deps.log.error({ err: (error as Error).message, kind }, 'A notification could not be sent');
      return { sent: 'none', pushed: 0 };
    }
  }

  /**
   * News that must reach a person whatever they chose (a judges' verdict on their catch): a push to each of their
   * browsers when they have any and `kind` is on, and `email` (to `to.email`) when they have none, the kind is off, or
   * no browser took it. One or the other, never both. Call it once per piece of news, after its transaction has
   * committed. Never throws: the news itself stands.
   */
  async pushOrEmail(
    em: EntityManager,
    to: Recipient,
    kind: NotificationKind,
    message: PushMessage,
    email: () => Promise<RenderedEmail>,
  ): Promise<NotifyOutcome> {
    try {
      if (to.userId && (await this.preferencesOf(em, to.userId))[kind]) {
        const pushed = await this.push(em, to.userId, kind, message);
        if (pushed > 0) return { sent: 'push', pushed };
      }
      if (!to.email) return { sent: 'none', pushed: 0 };
      const sent = await deliverQuietly(this.deps.mailer, this.deps.log, { to: to.email, ...(await email()) });
      return { sent: sent ? 'email' : 'none', pushed: 0 };
    } catch (error) {
      this.deps.log.error({ err: (error as Error).message, kind }, 'A notification could not be sent');
      return { sent: 'none', pushed: 0 };
    }
  }

  /**
   * results_final: the event's entrants (a junior's through the household's primary member; a household once),
   * each entrant once however often it is called. Call it when the committee declares the results final.
   */
  async notifyResultsFinal(em: EntityManager, eventId: string): Promise<{ notified: number }> {
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const entries = await em.find(EventRegistration, { event, disqualifiedAt: null }, { populate: ['member.user'] });
    const told = new Set<string>();
    let notified = 0;
    for (const entry of entries) {
      if (!(await claimEventNotice(em, event.id, entry.member.id, 'results_final'))) continue;
      const userId = (await reachableUser(em, entry.member))?.id;
      if (!userId || told.has(userId)) continue;
      told.add(userId);
      const outcome = await this.notify(
        em,
        userId,
        'results_final',
        {
          title: `Results are final: ${event.name}`,
          body: `The judges have finished ${event.name}: see the places, the points and the season ladder.`,
          url: '/member?tab=catches',
          tag: `results-${event.id}`,
        },
        { email: { buttonLabel: 'See the results' } },
      );
      if (outcome.sent === 'push' || outcome.sent === 'email') notified += 1;
    }
    return { notified };
  }

  /**
   * Tells the entrants of every event whose results have become final since the last run (fishing closed within
   * the last week, and no catch of it waiting for the judges: the live board's 'Final'), each entrant once.
   * Run on the background jobs' beat, so results final reach the anglers whether the last catch was judged before
   * or after fishing closed.
   */
  async announceFinalResults(em: EntityManager): Promise<{ events: number; notified: number }> {
    const now = this.deps.clock.now();
    const recent = await em.find(Event, { eventDate: { $gte: new Date(now.getTime() - 8 * 86_400_000), $lte: now } });
    let events = 0;
    let notified = 0;
    for (const event of recent.filter((e) => fishingCloses(e) <= now)) {
      const [{ catches, pending }] = await em.execute<{ catches: number; pending: number }[]>(
        `select count(*)::int as catches, count(*) filter (where status = 'pending')::int as pending from catches where event_id = ?`,
        [event.id],
      );
      if (!catches || pending) continue;
      events += 1;
      notified += (await this.notifyResultsFinal(em, event.id)).notified;
    }
    return { events, notified };
  }

  /**
   * waitlist_place_freed: a place in a full event has come free for a member on its waiting list (to a junior's
   * household through its primary member). `note` adds what happens next ('Confirm by 6 pm tomorrow, …').
   * `alreadyEmailed`: the caller has e-mailed the news itself (a promotion into an entry), so a push only.
   */
  async notifyWaitlistPlaceFreed(
    em: EntityManager,
    input: { eventId: string; memberId: string; note?: string; alreadyEmailed?: boolean },
  ): Promise<NotifyOutcome> {
    const [event, member] = await Promise.all([
      em.findOne(Event, { id: input.eventId }),
      em.findOne(Member, { id: input.memberId }, { populate: ['user'] }),
    ]);
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    if (!member) throw new AppError('NOT_FOUND', 'That member does not exist.');
    const user = await reachableUser(em, member);
    if (!user) return { sent: 'none', pushed: 0 };
    const who = member.user?.id === user.id ? 'you' : member.firstName;
    return this.notify(
      em,
      user.id,
      'waitlist_place_freed',
      {
        title: `A place is free: ${event.name}`,
        body: [`A place in ${event.name} (${formatClubDateTime(event.eventDate)}) has come free for ${who}.`, input.note]
          .filter(Boolean)
          .join(' '),
        url: '/member?tab=events',
        tag: `waitlist-${event.id}`,
      },
      { email: input.alreadyEmailed ? false : { buttonLabel: 'View my events' } },
    );
  }

  async preferencesOf(em: EntityManager, userId: string): Promise<NotificationPreferences> {
    const row = await em.findOne(NotificationSettings, { user: userId });
    if (!row) return { ...DEFAULT_PREFERENCES };
    return {
      event_tomorrow: row.eventTomorrow,
      catch_judged: row.catchJudged,
      results_final: row.resultsFinal,
      waitlist_place_freed: row.waitlistPlaceFreed,
    };
  }

  /** Pushes to each of the user's browsers at once; returns how many took it. Gone subscriptions are removed. */
  private async push(em: EntityManager, userId: string, kind: NotificationKind, message: PushMessage): Promise<number> {
    const push = this.deps.push;
    if (!push) return 0;
    const subscriptions = await em.find(PushSubscription, { user: userId });
    if (!subscriptions.length) return 0;
    const payload = JSON.stringify({ ...message, body: message.body.slice(0, 600) });
    const outcomes = await Promise.all(
      subscriptions.map((s) =>
        push.send(s, payload, { ttlSeconds: TTL_SECONDS[kind], urgency: kind === 'waitlist_place_freed' ? 'high' : 'normal' }),
      ),
    );
    const now = this.deps.clock.now();
    let delivered = 0;
    let removed = 0;
    let failed = 0;
    for (const [i, outcome] of outcomes.entries()) {
      const id = subscriptions[i].id;
      if (outcome.ok) {
        delivered += 1;
        await em.nativeUpdate(PushSubscription, { id }, { lastSuccessAt: now });
      } else if (outcome.gone) {
        removed += 1;
        await em.nativeDelete(PushSubscription, { id });
      } else {
        failed += 1;
        await em.nativeUpdate(PushSubscription, { id }, { lastFailureAt: now, lastFailureStatus: outcome.status });
      }
    }
    // Counts only: endpoints and keys are secrets and stay out of the log.
    this.deps.log.info({ kind, userId, delivered, removed, failed }, 'Push notification sent');
    return delivered;
  }
}

/** Whether a p256dh key is a point on P-256 (what the push message is encrypted to). */
function isP256Point(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1', undefined, undefined, 'compressed');
    return true;
  } catch {
    return false;
  }
}

/** Claims a notice about an event for one entrant; true when this call is the one that sends it. */
export async function claimEventNotice(
  em: EntityManager,
  eventId: string,
  memberId: string,
  kind: 'event_tomorrow' | 'results_final',
): Promise<number | null> {
  const rows = await em.execute<{ id: string }[]>(
    `insert into event_notices (event_id, member_id, kind, sent_at) values (?, ?, ?, now())
       on conflict (event_id, member_id, kind) do nothing returning id`,
    [eventId, memberId, kind],
  );
  return rows.length ? Number(rows[0].id) : null;
}

/** The account that hears about a member: their own, or for a junior without one the household's primary member's. */
export async function reachableUser(em: EntityManager, member: Member): Promise<User | null> {
  if (member.user) return em.findOne(User, { id: member.user.id });
  if (member.isPrimary) return null;
  const primary = await em.findOne(Member, { household: member.household, isPrimary: true }, { populate: ['user'] });
  return primary?.user ?? null;
}
