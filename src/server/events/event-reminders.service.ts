import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, ageOn, clubLocalToInstant, clubToday } from '../../shared/dates';
import { fishingHoursText } from '../../shared/events';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { EventRegistration, Member } from '../db/entities';
import { eventTomorrowMessage } from '../emails/notifications.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { calendarEntry, icsAttachment } from './calendar';
import type { CmsService } from '../content/cms.service';
import { claimEventNotice, reachableUser, type NotificationsService } from '../notifications/notifications.service';

export interface EventRemindersDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  notifications: NotificationsService;
  /** The club's contact e-mail, the organiser of the calendar file the reminder carries. */
  cms: Pick<CmsService, 'contactEmail'>;
  /** The club's name, the maker of that calendar file. */
  club: Pick<ClubSettingsService, 'profile'>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The day-before reminders go out from this time (club clocks), so no phone buzzes at midnight. */
export const REMINDERS_FROM = '09:00';

/**
 * The day before an event, each entrant gets a reminder e-mail (time, place, fishing hours, what to bring, the
 * .ics invitation), a junior's going to the household's primary member, and an 'event tomorrow' push when they
 * have it on. Each entrant once per event: the claim is taken before sending and given back only when the e-mail
 * could not be delivered, so a restart or a second instance sends nothing twice and a failure is tried again.
 */
export class EventRemindersService {
  constructor(private readonly deps: EventRemindersDeps) {}

  async run(em: EntityManager): Promise<{ reminded: number }> {
    const now = this.deps.clock.now();
    const today = clubToday(now);
    if (now < clubLocalToInstant(`${today}T${REMINDERS_FROM}`)) return { reminded: 0 };
    const tomorrow = addDays(today, 1);
    const entries = await em.find(
      EventRegistration,
      {
        event: {
          status: 'active',
          eventDate: { $gte: clubLocalToInstant(`${tomorrow}T00:00`), $lt: clubLocalToInstant(`${addDays(tomorrow, 1)}T00:00`) },
        },
        disqualifiedAt: null,
      },
      { populate: ['event', 'member.user'], orderBy: { event: { eventDate: 'asc' }, createdAt: 'asc' } },
    );
    let reminded = 0;
    for (const entry of entries) {
      const claim = await claimEventNotice(em, entry.event.id, entry.member.id, 'event_tomorrow');
      if (claim === null) continue;
      if (await this.remind(em, entry)) reminded += 1;
      // Not delivered: give the claim back so the next run tries again.
      else await em.execute('delete from event_notices where id = ?', [claim]);
    }
    if (reminded) this.deps.log.info({ reminded }, 'Day-before reminders');
    return { reminded };
  }

  /** E-mails one entrant's reminder and pushes 'event tomorrow'; false when the e-mail could not be delivered. */
  private async remind(em: EntityManager, entry: EventRegistration): Promise<boolean> {
    const { event, member } = entry;
    const reader = member.email
      ? member
      : await em.findOne(Member, { household: member.household, isPrimary: true }, { populate: ['user'] });
    const to = reader?.email ?? reader?.user?.email ?? null;
    const forSomeoneElse = reader !== null && reader.id !== member.id;
    const hours = fishingHoursText(event);
    const age = ageOn(member.dateOfBirth, clubToday(event.eventDate));
    if (to && reader) {
      const mail = await eventTomorrowMessage(await this.deps.club.profile(em), {
        readerFirstName: reader.firstName,
        entrantFirstName: forSomeoneElse ? member.firstName : null,
        entrantAge: age,
        eventName: event.name,
        location: event.location,
        start: event.eventDate,
        fishingHours: hours,
        portalUrl: `${this.deps.publicUrl}/member?tab=events`,
      });
      const organizer = await this.deps.cms.contactEmail(em);
      const { name: clubName } = await this.deps.club.profile(em);
      const invitation = icsAttachment(
        calendarEntry(event, { publicUrl: this.deps.publicUrl, organizer, clubName }),
        this.deps.clock.now(),
      );
      if (!(await deliverQuietly(this.deps.mailer, this.deps.log, { to, ...mail, attachments: [invitation] }))) return false;
    }
    const user = await reachableUser(em, member);
    if (user) {
      const who = member.user?.id === user.id ? "You're" : `${member.firstName} is`;
      await this.deps.notifications.notify(
        em,
        user.id,
        'event_tomorrow',
        {
          title: `Tomorrow: ${event.name}`,
          body: `${who} entered. Fishing ${hours} at ${event.location}. Bring ${age >= 18 ? 'the fishing licence and ' : ''}the brag mat.`,
          url: '/member?tab=events',
          tag: `tomorrow-${event.id}`,
        },
        // The reminder e-mail has gone out already.
        { email: false },
      );
    }
    return true;
  }
}
