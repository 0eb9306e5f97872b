import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomUUID } from 'node:crypto';
import { CALENDAR_FEED_PREFIX, type CalendarFeedView } from '../../shared/calendar-feed.schema';
import { instantToClubLocal } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { fishingCloses } from '../../shared/events';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { CalendarFeed, Event, EventRegistration, Member } from '../db/entities';
import { requireUser, type Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { escapeText, fold, stamp, vtimezone } from './calendar';
import { deriveCode, hashCode, looksLikeCode } from '../platform/private-codes';

export interface CalendarFeedDeps {
  clock: Clock;
  publicUrl: string;
  /** The site's secret, from which each address's token is derived (private-codes.ts). */
  secret: string;
  /** The club's name (the calendar's) and time zone (its events' clocks). */
  club: Pick<ClubSettingsService, 'profile'>;
}

/** How far back the feed keeps past events (calendar apps drop what disappears from it). */
const PAST_DAYS = 120;
/** How often calendar apps are asked to refresh (they may choose a longer interval). */
const REFRESH = 'PT1H';
const NO_CALENDAR = 'Your calendar address is made once you are a club member. Join or renew first.';
/** What the feed answers for an address that is not (or no longer) anyone's. */
export const UNKNOWN_FEED = 'This calendar address is not in use. Copy the current address from the Profile tab of the member portal.';

/** '20261205T070000': the instant on the clocks of `timeZone` (the club's), for a DTSTART;TZID=<that zone>. */
const localTime = (instant: Date, timeZone: string) => `${instantToClubLocal(instant, timeZone).replace(/[-:]/g, '')}00`;

/**
 * The member's private calendar: a subscription address (webcal and https) serving the club's events with their own
 * and their household's entries marked, which calendar apps refresh by themselves; it can be reset (the old address
 * then answers 404). The token is derived, never stored: only its SHA-256 is (private-codes.ts).
 */
export class CalendarFeedService {
  constructor(private readonly deps: CalendarFeedDeps) {}

  private token(feed: CalendarFeed) {
    return deriveCode(this.deps.secret, 'calendar-feed', feed.id, feed.serial);
  }

  /** The caller's address, made on first sight. */
  async mine(em: EntityManager, actor: Actor): Promise<CalendarFeedView> {
    const member = await this.ownMember(em, actor);
    return this.view(await this.feedOf(em, member));
  }

  /** A new address; the old one stops working at once (calendar apps subscribed to it get 404). Audited. */
  async reset(em: EntityManager, actor: Actor): Promise<CalendarFeedView> {
    const member = await this.ownMember(em, actor);
    const feed = await this.feedOf(em, member);
    const before = { serial: feed.serial, issuedAt: feed.issuedAt.toISOString() };
    feed.serial += 1;
    feed.tokenHash = hashCode(this.token(feed));
    feed.issuedAt = this.deps.clock.now();
    recordAudit(em, {
      actor: actor.user,
      action: 'calendar.reset',
      entityType: 'Member',
      entityId: member.id,
      before,
      after: { serial: feed.serial, issuedAt: feed.issuedAt.toISOString() },
    });
    await em.flush();
    return this.view(feed);
  }

  /**
   * The iCalendar file behind `/api/calendar/<token>.ics`, with an ETag of its content; NOT_FOUND for an unknown or
   * reset address. No session: the address is the key.
   */
  async feed(em: EntityManager, token: string): Promise<{ ics: string; etag: string }> {
    const feed = looksLikeCode('calendar-feed', token)
      ? await em.findOne(CalendarFeed, { tokenHash: hashCode(token) }, { populate: ['member'] })
      : null;
    if (!feed) throw new AppError('NOT_FOUND', UNKNOWN_FEED);
    const ics = await this.calendar(em, feed.member);
    return { ics, etag: `"${createHash('sha256').update(ics).digest('base64url').slice(0, 32)}"` };
  }

  private async ownMember(em: EntityManager, actor: Actor): Promise<Member> {
    const member = await em.findOne(Member, { user: requireUser(actor) });
    if (!member || !member.memberSince) throw new AppError('FORBIDDEN', NO_CALENDAR);
    return member;
  }

  private async feedOf(em: EntityManager, member: Member): Promise<CalendarFeed> {
    let feed = await em.findOne(CalendarFeed, { member });
    if (!feed) {
      // The phone and the computer opening the portal at once: one insert wins, both read it.
      const id = randomUUID();
      await em.execute(
        `insert into calendar_feeds (id, member_id, serial, token_hash, issued_at) values (?, ?, 1, ?, ?) on conflict (member_id) do nothing`,
        [id, member.id, hashCode(deriveCode(this.deps.secret, 'calendar-feed', id, 1)), this.deps.clock.now()],
      );
      feed = await em.findOneOrFail(CalendarFeed, { member });
    }
    // The site's secret changed since: no address the portal can show matches, so the member gets a new one.
    if (feed.tokenHash !== hashCode(this.token(feed))) {
      feed.serial += 1;
      feed.tokenHash = hashCode(this.token(feed));
      feed.issuedAt = this.deps.clock.now();
      await em.flush();
    }
    return feed;
  }

  private view(feed: CalendarFeed): CalendarFeedView {
    const httpsUrl = `${this.deps.publicUrl}${CALENDAR_FEED_PREFIX}${this.token(feed)}.ics`;
    return { httpsUrl, webcalUrl: httpsUrl.replace(/^https?:/, 'webcal:'), issuedAt: feed.issuedAt.toISOString() };
  }

  /**
   * The club's events from PAST_DAYS ago on, cancelled ones marked so, each with its fishing hours on the club's
   * clocks; those the member or their household entered say so (in the title, the description and CATEGORIES) and
   * show as busy. Built only from what it shows, so the same data gives the same file (and ETag).
   */
  private async calendar(em: EntityManager, member: Member): Promise<string> {
    const from = new Date(this.deps.clock.now().getTime() - PAST_DAYS * 86_400_000);
    const events = await em.find(Event, { eventDate: { $gte: from } }, { orderBy: { eventDate: 'asc', id: 'asc' } });
    const entries = await em.find(
      EventRegistration,
      { event: { $in: events.map((e) => e.id) }, member: { household: member.household } },
      { populate: ['member'], orderBy: { createdAt: 'asc' } },
    );
    const host = new URL(this.deps.publicUrl).hostname;
    const { name, timeZone } = await this.deps.club.profile(em);
    const lines = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:-//${escapeText(name)}//Club website//EN`,
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      `NAME:${escapeText(name)}`,
      `X-WR-CALNAME:${escapeText(name)}`,
      `DESCRIPTION:${escapeText(`${name} events, with your entries marked.`)}`,
      `X-WR-CALDESC:${escapeText(`${name} events, with your entries marked.`)}`,
      `X-WR-TIMEZONE:${timeZone}`,
      `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
      `X-PUBLISHED-TTL:${REFRESH}`,
      ...vtimezone(timeZone, this.deps.clock.now()),
    ];
    for (const event of events) {
      const entered = entries.filter((r) => r.event.id === event.id);
      const names = entered.map((r) => (r.member.id === member.id ? 'you' : `${r.member.firstName} ${r.member.lastName}`));
      const modified = new Date(Math.max(event.updatedAt.getTime(), ...entered.map((r) => r.createdAt.getTime())));
      const end = fishingCloses(event);
      const cancelled = event.status === 'cancelled';
      const title = `${cancelled ? 'Cancelled: ' : ''}${event.name}${names.length ? ` (${names.includes('you') ? 'entered' : `${names.join(', ')} entered`})` : ''}`;
      const about = [names.length ? `Entered: ${names.map((n) => (n === 'you' ? 'You' : n)).join(', ')}.` : '', event.description ?? '']
        .filter(Boolean)
        .join('\n\n');
      lines.push(
        'BEGIN:VEVENT',
        `UID:event-${event.id}@${host}`,
        `DTSTAMP:${stamp(modified)}`,
        `LAST-MODIFIED:${stamp(modified)}`,
        `DTSTART;TZID=${timeZone}:${localTime(event.eventDate, timeZone)}`,
        `DTEND;TZID=${timeZone}:${localTime(end > event.eventDate ? end : event.eventDate, timeZone)}`,
        `SUMMARY:${escapeText(title)}`,
        `LOCATION:${escapeText(event.location)}`,
        ...(about ? [`DESCRIPTION:${escapeText(about)}`] : []),
        `URL:${this.deps.publicUrl}/member?tab=events`,
        `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
        ...(names.length ? ['CATEGORIES:Entered'] : []),
        `TRANSP:${names.length && !cancelled ? 'OPAQUE' : 'TRANSPARENT'}`,
        'END:VEVENT',
      );
    }
    lines.push('END:VCALENDAR');
    return lines.map(fold).join('\r\n') + '\r\n';
  }
}
