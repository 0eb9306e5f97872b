import { z } from 'zod';
import { text } from './auth.schema';

/** Who a newsletter goes to. */
export const SEGMENT_KINDS = ['current', 'expiring', 'lapsed', 'event', 'juniors', 'news'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

export const SEGMENT_LABELS: Record<SegmentKind, string> = {
  current: 'All current members',
  expiring: 'Members whose membership ends soon',
  lapsed: 'Lapsed members',
  event: "An event's entrants",
  juniors: 'Households with juniors',
  news: 'Everyone who opted in to club news',
};

export const NEWSLETTER_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * One recipient's outcome: waiting, being sent (claimed), sent, failed (with the reason), skipped (unsubscribed),
 * or uncertain: claimed by a sending that stopped before it could record the answer (it may have arrived).
 */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped', 'uncertain'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A person's choice about newsletters; no record means members' newsletters, but not the news list. */
export const NEWSLETTER_CHOICES = ['news', 'members', 'none'] as const;
export type NewsletterChoice = (typeof NEWSLETTER_CHOICES)[number];

export const NEWSLETTER_LIMITS = { subject: 200, body: 200_000, maxDays: 365 } as const;

export const segmentInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('current') }),
    z.object({
      kind: z.literal('expiring'),
      days: z
        .number({ error: 'Days must be a whole number.' })
        .int('Days must be a whole number.')
        .min(1, 'Days must be at least 1.')
        .max(NEWSLETTER_LIMITS.maxDays, `Days must be at most ${NEWSLETTER_LIMITS.maxDays}.`),
    }),
    z.object({ kind: z.literal('lapsed') }),
    z.object({ kind: z.literal('event'), eventId: z.uuid({ error: 'Please choose an event.' }) }),
    z.object({ kind: z.literal('juniors') }),
    z.object({ kind: z.literal('news') }),
  ],
  { error: 'Please choose who receives it.' },
);
export type Segment = z.infer<typeof segmentInput>;

const subject = text('Subject')
  .trim()
  .min(1, 'Subject is required.')
  .max(NEWSLETTER_LIMITS.subject, `Subject must be at most ${NEWSLETTER_LIMITS.subject} characters.`);
/** HTML from the editor; sanitised by the server when saved. */
const bodyHtml = text('Message')
  .max(NEWSLETTER_LIMITS.body, 'The message is too long.')
  .refine((v) => v.replace(/<[^>]*>/g, '').trim().length > 0 || /<img\s/i.test(v), 'Please write the message.');

export const newsletterInput = z.object({ subject, bodyHtml, segment: segmentInput });
export type NewsletterInput = z.input<typeof newsletterInput>;
export type NewsletterData = z.output<typeof newsletterInput>;

export const newsletterIdInput = z.object({ id: z.uuid({ error: 'That is not a valid newsletter id.' }) });
export const newsletterUpdateInput = newsletterInput.extend({ id: newsletterIdInput.shape.id });
export type NewsletterUpdate = z.output<typeof newsletterUpdateInput>;

/** What a preview or a test send needs: the text as it stands in the editor, saved or not. */
export const newsletterContentInput = z.object({ subject, bodyHtml });
export type NewsletterContent = z.output<typeof newsletterContentInput>;

export const fromArticleInput = z.object({ articleId: z.uuid({ error: 'That is not a valid article id.' }) });
export const segmentCountInput = z.object({ segment: segmentInput });

export const deliveriesInput = z.object({
  id: newsletterIdInput.shape.id,
  status: z.enum(DELIVERY_STATUSES, { error: 'Unknown delivery status.' }).optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});

/** Sends again to the recipients whose message failed or whose outcome is uncertain (the committee's choice). */
export const resendInput = z.object({
  id: newsletterIdInput.shape.id,
  statuses: z
    .array(z.enum(['failed', 'uncertain'], { error: 'Only failed or uncertain deliveries can be sent again.' }))
    .min(1, 'Please choose which deliveries to send again.'),
});

export const tokenInput = z.object({
  token: text('The link').trim().min(1, 'This link is incomplete.').max(200, 'This link is not valid.'),
});

export const choiceInput = z.object({ choice: z.enum(NEWSLETTER_CHOICES, { error: 'Please choose one of the options.' }) });

export const segmentCount = z.object({
  label: z.string(),
  /** Addresses it will be sent to. */
  recipients: z.number(),
  /** Addresses in the segment that unsubscribed: recorded as skipped. */
  unsubscribed: z.number(),
  /** Members in the segment with no e-mail address of their own (juniors, family members): not counted above. */
  withoutEmail: z.number(),
});

/** 'Goes to 27 people (1 unsubscribed address skipped). 12 members in this group have no e-mail address of their own.' */
export function segmentCountLine(count: SegmentCount): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const skipped = count.unsubscribed ? ` (${plural(count.unsubscribed, 'unsubscribed address', 'unsubscribed addresses')} skipped)` : '';
  const without = count.withoutEmail
    ? ` ${plural(count.withoutEmail, 'member in this group has', 'members in this group have')} no e-mail address of their own.`
    : '';
  return `Goes to ${plural(count.recipients, 'person', 'people')}${skipped}.${without}`;
}
export type SegmentCount = z.infer<typeof segmentCount>;

export const deliveryCounts = z.object({
  total: z.number(),
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
  uncertain: z.number(),
});
export type DeliveryCounts = z.infer<typeof deliveryCounts>;

export const newsletterSponsor = z.object({ name: z.string(), logoUrl: z.string().nullable(), websiteUrl: z.string().nullable() });
export type NewsletterSponsor = z.infer<typeof newsletterSponsor>;

export const newsletterSummary = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  segment: segmentInput,
  segmentLabel: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  queuedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  sentBy: z.string().nullable(),
  counts: deliveryCounts,
});
export type NewsletterSummary = z.infer<typeof newsletterSummary>;

export const newsletterView = newsletterSummary.extend({
  bodyHtml: z.string(),
  sourceArticleId: z.string().nullable(),
});
export type NewsletterView = z.infer<typeof newsletterView>;

export const deliveryRow = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export const deliveryPage = z.object({ total: z.number(), rows: z.array(deliveryRow) });
export type DeliveryPage = z.infer<typeof deliveryPage>;

export const renderedNewsletter = z.object({ subject: z.string(), html: z.string() });
export type RenderedNewsletter = z.infer<typeof renderedNewsletter>;

/** A newsletter in the archive, for members and the committee. */
export const archivedNewsletter = z.object({ id: z.string(), subject: z.string(), sentAt: z.string() });
export type ArchivedNewsletter = z.infer<typeof archivedNewsletter>;

export const unsubscribeInfo = z.object({ email: z.string(), subject: z.string(), unsubscribed: z.boolean() });
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfo>;

export const choiceView = z.object({ email: z.string(), choice: z.enum(NEWSLETTER_CHOICES) });

/** The one-click unsubscribe address (RFC 8058) named in the List-Unsubscribe header. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/newsletters/unsubscribe';
/** The page a person lands on from the link in the footer: it asks, then unsubscribes. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** The label of a segment as the committee reads it ('Members whose membership ends within 30 days'). */
export function segmentLabel(segment: Segment, eventName?: string | null): string {
  if (segment.kind === 'expiring') return `Members whose membership ends within ${segment.days} day${segment.days === 1 ? '' : 's'}`;
  if (segment.kind === 'event') return eventName ? `Entrants of ${eventName}` : SEGMENT_LABELS.event;
  return SEGMENT_LABELS[segment.kind];
}
