import type { EntityManager } from '@mikro-orm/postgresql';
import { eventDetailsPath } from '../../shared/screens';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import type { CmsService } from '../content/cms.service';
import { Member, User, type Event, type EventRegistration } from '../db/entities';
import {
  entryConfirmationMessage,
  entryRefundMessage,
  guestWaitlistPromotedMessage,
  waitlistPromotedMessage,
  type EntryRefundReason,
} from '../emails/entries.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { calendarEntry, icsAttachment } from './calendar';
import { newGuestLink } from './guest-links';

export interface EntryNoticesDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The club's contact e-mail, the organiser of the calendar file the e-mails carry. */
  cms: Pick<CmsService, 'contactEmail'>;
  /** The club's name, the maker of that calendar file. */
  club: Pick<ClubSettingsService, 'profile'>;
}

const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/** The e-mails about entries: entered (with the calendar file), a fee refunded or handed back, a place come up. */
export class EntryNotices {
  constructor(private readonly deps: EntryNoticesDeps) {}

  /** Who hears about an entry's money: whoever entered them, else the entrant, else their household's primary member. */
  async payerAddress(em: EntityManager, entry: EventRegistration, member: Member): Promise<{ email: string; firstName: string } | null> {
    const by = entry.enteredBy ? await em.findOne(User, { id: entry.enteredBy.id }) : null;
    if (by && by.role !== 'admin') return { email: by.email, firstName: by.firstName };
    if (member.email) return { email: member.email, firstName: member.firstName };
    const primary = await em.findOne(Member, { household: member.household, isPrimary: true });
    return primary?.email ? { email: primary.email, firstName: primary.firstName } : null;
  }

  private async icsAttachment(em: EntityManager, event: Event) {
    const organizer = await this.deps.cms.contactEmail(em);
    const { name: clubName } = await this.deps.club.profile(em);
    return icsAttachment(calendarEntry(event, { publicUrl: this.deps.publicUrl, organizer, clubName }), this.deps.clock.now());
  }

  /** Tells whoever entered them that `people` are entered, what it cost and what is still to pay online. */
  async entered(
    em: EntityManager,
    to: { email: string; firstName: string },
    event: Event,
    people: Member[],
    fees: { feeCents: number; dueOnlineCents: number; payAtSignOn: boolean },
  ): Promise<void> {
    const mail = await entryConfirmationMessage(await this.deps.club.profile(em), {
      firstName: to.firstName,
      eventName: event.name,
      location: event.location,
      start: event.eventDate,
      names: people.map(fullName),
      ...fees,
      portalUrl: `${this.deps.publicUrl}/member?tab=events`,
    });
    await deliverQuietly(this.deps.mailer, this.deps.log, { to: to.email, ...mail, attachments: [await this.icsAttachment(em, event)] });
  }

  /** Tells the payer an entry's fee went back (PayPal's refund, or handed back at the desk when `handedBack`). */
  async refunded(
    em: EntityManager,
    entry: EventRegistration,
    member: Member,
    event: Event,
    reason: EntryRefundReason,
    handedBack: boolean,
  ) {
    const to = await this.payerAddress(em, entry, member);
    if (!to) return;
    const mail = await entryRefundMessage(await this.deps.club.profile(em), {
      eventName: event.name,
      location: event.location,
      start: event.eventDate,
      firstName: to.firstName,
      name: fullName(member),
      amountCents: entry.feeCents,
      reason,
      handedBack,
    });
    await deliverQuietly(this.deps.mailer, this.deps.log, { to: to.email, ...mail });
  }

  /** Tells someone entered from the waiting list (a member's payer, or the guest), with a pay link where it is due online. */
  async promoted(em: EntityManager, entry: EventRegistration, member: Member, event: Event, payNow: boolean): Promise<void> {
    if (member.isGuest) return this.guestPromoted(em, entry, member, event);
    const to = await this.payerAddress(em, entry, member);
    if (!to) return;
    const mail = await waitlistPromotedMessage(await this.deps.club.profile(em), {
      eventName: event.name,
      location: event.location,
      start: event.eventDate,
      firstName: to.firstName,
      name: fullName(member),
      feeCents: entry.feeCents,
      payNow,
      url: `${this.deps.publicUrl}/member?tab=events`,
    });
    await deliverQuietly(this.deps.mailer, this.deps.log, { to: to.email, ...mail, attachments: [await this.icsAttachment(em, event)] });
  }

  /**
   * Tells a guest entered from the waiting list (at the address they gave; one who gave only a phone number is
   * called by the desk, where they show as entered): the fee is paid at the desk, or a free entry carries the link.
   */
  private async guestPromoted(em: EntityManager, entry: EventRegistration, member: Member, event: Event): Promise<void> {
    if (!member.email) return;
    const link = entry.feeCents === 0 ? newGuestLink(entry, event, this.deps.clock.now(), this.deps.publicUrl) : undefined;
    if (link) await em.flush();
    const mail = await guestWaitlistPromotedMessage(await this.deps.club.profile(em), {
      eventName: event.name,
      location: event.location,
      start: event.eventDate,
      firstName: member.firstName,
      name: fullName(member),
      feeCents: entry.feeCents,
      eventUrl: `${this.deps.publicUrl}${eventDetailsPath(event.id)}`,
      contact: await this.deps.cms.contactEmail(em),
      link,
    });
    await deliverQuietly(this.deps.mailer, this.deps.log, {
      to: member.email,
      ...mail,
      attachments: [await this.icsAttachment(em, event)],
    });
  }
}
