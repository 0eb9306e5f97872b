import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, clubToday, type IsoDate } from '../../shared/dates';
import type { MembershipRules } from '../../shared/membership';
import { segmentLabel, type Segment, type SegmentCount } from '../../shared/newsletters.schema';
import { juniorOnSql } from '../membership/junior-age';
import { currentMemberSql, expiredMemberSql } from '../membership/member-status';
import { checkSegment, type NewslettersDeps } from './newsletter-common';

export interface Recipient {
  memberId: string | null;
  email: string;
  name: string | null;
}

/** Who a newsletter's segment holds today (current members, expiring, lapsed, juniors' households, an event's entrants, the news list). */
export class NewsletterSegments {
  constructor(private readonly deps: Pick<NewslettersDeps, 'clock' | 'club'>) {}

  async countSegment(em: EntityManager, segment: Segment): Promise<SegmentCount> {
    const eventName = await checkSegment(em, segment);
    const { send, skipped, withoutEmail } = await this.recipients(em, segment);
    return { label: segmentLabel(segment, eventName), recipients: send.length, unsubscribed: skipped.length, withoutEmail };
  }

  /**
   * Everyone a segment holds today, one per address, split into those it goes to and those who unsubscribed; and how
   * many of its members have no address of their own (a family's juniors: they are reached, if at all, through another).
   */
  async recipients(em: EntityManager, segment: Segment): Promise<{ send: Recipient[]; skipped: Recipient[]; withoutEmail: number }> {
    const today = clubToday(this.deps.clock.now());
    const rows = await segmentRows(em, segment, today, await this.deps.club.membership(em));
    const seen = new Map<string, Recipient>();
    let withoutEmail = 0;
    for (const row of rows) {
      const email = (row.email ?? '').trim();
      if (!email) withoutEmail += 1;
      if (!email || seen.has(email)) continue;
      seen.set(email, { memberId: row.member_id, email, name: row.name });
    }
    const all = [...seen.values()];
    const none = new Set(
      all.length
        ? (
            await em.execute<{ email: string }[]>(`select email from newsletter_preferences where choice = 'none' and email in (?)`, [
              all.map((r) => r.email),
            ])
          ).map((r) => r.email)
        : [],
    );
    return { send: all.filter((r) => !none.has(r.email)), skipped: all.filter((r) => none.has(r.email)), withoutEmail };
  }
}

type SegmentRow = { member_id: string | null; email: string | null; name: string | null };

/**
 * The people a segment holds today, in its order, with their addresses (a member without one too, to be counted);
 * `rules`: the club's membership rules, for the juniors' households.
 */
async function segmentRows(
  em: EntityManager,
  segment: Segment,
  today: IsoDate,
  rules: Pick<MembershipRules, 'juniorUnder'>,
): Promise<SegmentRow[]> {
  const current = (a: string) => currentMemberSql('?', a);
  const person = `m.id as member_id, lower(m.email) as email, m.first_name || ' ' || m.last_name as name`;
  // Members without an address are read too, to be counted as such.
  const fromMembers = `from members m where m.is_guest = false`;
  let rows: SegmentRow[];
  switch (segment.kind) {
    case 'current':
      rows = await em.execute(`select ${person} ${fromMembers} and ${current('m')} order by m.last_name, m.first_name`, [today]);
      break;
    case 'expiring':
      rows = await em.execute(`select ${person} ${fromMembers} and ${current('m')} and m.expiry_date <= ? order by m.expiry_date`, [
        today,
        addDays(today, segment.days),
      ]);
      break;
    case 'lapsed':
      // Lapsed: expired (or active past its expiry before the nightly job), never joined-but-unpaid, and not
      // current under another record with the same address (someone who rejoined).
      rows = await em.execute(
        `select ${person} ${fromMembers}
           and ${expiredMemberSql('?', 'm')}
           and lower(m.email) not in (select lower(c.email) from members c where c.email is not null and ${current('c')})
         order by m.last_name, m.first_name`,
        [today, today],
      );
      break;
    case 'juniors':
      // Every household with a current member under the club's junior age today, whatever its membership type (a family's juniors too).
      rows = await em.execute(
        `select ${person} ${fromMembers}
           and m.household_id in (select j.household_id from members j
             where j.is_guest = false and ${current('j')} and ${juniorOnSql(rules, 'j.date_of_birth', '?::date')})
         order by m.is_primary desc, m.last_name, m.first_name`,
        [today, today],
      );
      break;
    case 'event':
      // A junior entrant without an address of their own is reached through their household's primary member.
      rows = await em.execute(
        `select m.id as member_id, lower(coalesce(nullif(m.email, ''), p.email)) as email, m.first_name || ' ' || m.last_name as name
         from event_registrations r
         join members m on m.id = r.member_id
         left join members p on p.household_id = m.household_id and p.is_primary and p.id <> m.id
         where r.event_id = ? and coalesce(nullif(m.email, ''), p.email) is not null
         order by r.created_at`,
        [segment.eventId],
      );
      break;
    case 'news':
      rows = await em.execute(
        `select null as member_id, np.email, coalesce(u.first_name || ' ' || u.last_name, m.first_name || ' ' || m.last_name) as name
         from newsletter_preferences np
         left join users u on lower(u.email) = np.email
         left join lateral (select first_name, last_name from members where lower(email) = np.email order by is_primary desc limit 1) m on true
         where np.choice = 'news'
         order by np.email`,
      );
      break;
  }
  return rows;
}
