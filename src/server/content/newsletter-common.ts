import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import {
  segmentLabel,
  type DeliveryCounts,
  type DeliveryStatus,
  type NewsletterSummary,
  type NewsletterView,
  type Segment,
} from '../../shared/newsletters.schema';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Event, Newsletter } from '../db/entities';
import type { Mailer } from '../integrations/mailer';

export interface NewslettersDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  /** The site's secret, from which the unsubscribe links' signing key is derived. */
  sealingSecret?: string;
  club: Pick<ClubSettingsService, 'profile' | 'membership'>;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export const NOT_FOUND = 'That newsletter does not exist.';
const EMPTY_COUNTS: DeliveryCounts = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0, uncertain: 0 };

/** A newsletter as the committee sees it, with its counts; `fresh`: read again (after a write in another unit of work). */
export async function newsletterView(em: EntityManager, id: string, fresh = false): Promise<NewsletterView> {
  const newsletter = await findNewsletter(em, id, fresh);
  const counts = await countsOf(em, [id]);
  return viewOf(newsletter, counts.get(id), await eventNames(em, [newsletter.segment]));
}

/** The newsletter, with who sent it; `fresh`: read again from the database. */
export async function findNewsletter(em: EntityManager, id: string, fresh = false): Promise<Newsletter> {
  const newsletter = await em.findOne(Newsletter, { id }, { populate: ['sentBy'], refresh: fresh });
  if (!newsletter) throw new AppError('NOT_FOUND', NOT_FOUND);
  return newsletter;
}

export function refuseUnlessDraft(newsletter: Newsletter, message = 'This newsletter has been sent: it can no longer be changed.') {
  if (newsletter.status !== 'draft') throw new AppError('CONFLICT', message);
}

/** An event segment must name an event that exists; returns its name. */
export async function checkSegment(em: EntityManager, segment: Segment): Promise<string | null> {
  if (segment.kind !== 'event') return null;
  const event = await em.findOne(Event, { id: segment.eventId });
  if (!event) throw new AppError('BAD_REQUEST', 'That event does not exist. Please choose another.', { field: 'segment.eventId' });
  return event.name;
}

/** How many of each newsletter's messages stand at each status. */
export async function countsOf(em: EntityManager, ids: string[]): Promise<Map<string, DeliveryCounts>> {
  const counts = new Map<string, DeliveryCounts>();
  if (!ids.length) return counts;
  const rows = await em.execute<{ newsletter_id: string; status: DeliveryStatus; n: string }[]>(
    'select newsletter_id, status, count(*) as n from newsletter_deliveries where newsletter_id in (?) group by newsletter_id, status',
    [ids],
  );
  for (const row of rows) {
    const c = counts.get(row.newsletter_id) ?? { ...EMPTY_COUNTS };
    c[row.status] = Number(row.n);
    c.total += Number(row.n);
    counts.set(row.newsletter_id, c);
  }
  return counts;
}

/** The names of the events these segments go to, by id. */
export async function eventNames(em: EntityManager, segments: Segment[]): Promise<Map<string, string>> {
  const ids = [...new Set(segments.flatMap((s) => (s.kind === 'event' ? [s.eventId] : [])))];
  if (!ids.length) return new Map();
  const events = await em.find(Event, { id: { $in: ids } });
  return new Map(events.map((e) => [e.id, e.name]));
}

export function summaryOf(n: Newsletter, counts: DeliveryCounts | undefined, events: Map<string, string>): NewsletterSummary {
  return {
    id: n.id,
    subject: n.subject,
    status: n.status,
    segment: n.segment,
    segmentLabel: n.segmentLabel ?? segmentLabel(n.segment, n.segment.kind === 'event' ? events.get(n.segment.eventId) : null),
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
    queuedAt: n.queuedAt?.toISOString() ?? null,
    finishedAt: n.finishedAt?.toISOString() ?? null,
    sentBy: n.sentBy ? `${n.sentBy.firstName} ${n.sentBy.lastName}` : null,
    counts: counts ?? { ...EMPTY_COUNTS },
  };
}

export function viewOf(n: Newsletter, counts: DeliveryCounts | undefined, events: Map<string, string>): NewsletterView {
  return { ...summaryOf(n, counts, events), bodyHtml: n.bodyHtml, sourceArticleId: n.sourceArticle?.id ?? null };
}

/** Every field the committee sets, for the audit log. */
export function auditFields(n: Newsletter) {
  return { subject: n.subject, bodyHtml: n.bodyHtml, segment: n.segment, status: n.status };
}
