import { NEWSLETTER_LIMITS, type NewsletterView, type Segment, type SegmentKind } from '../../../shared/newsletters.schema';

export interface Draft {
  subject: string;
  bodyHtml: string;
  kind: SegmentKind;
  days: number | string;
  eventId: string;
}

export const draftOf = (n: NewsletterView | null): Draft => ({
  subject: n?.subject ?? '',
  bodyHtml: n?.bodyHtml ?? '',
  kind: n?.segment.kind ?? 'current',
  days: n?.segment.kind === 'expiring' ? n.segment.days : 30,
  eventId: n?.segment.kind === 'event' ? n.segment.eventId : '',
});

/** The segment the form describes, or null while it is incomplete (no event chosen, days not a whole number). */
export function segmentOf(d: Draft): Segment | null {
  if (d.kind === 'expiring') {
    const days = Number(d.days);
    return Number.isInteger(days) && days >= 1 && days <= NEWSLETTER_LIMITS.maxDays ? { kind: 'expiring', days } : null;
  }
  if (d.kind === 'event') return d.eventId ? { kind: 'event', eventId: d.eventId } : null;
  return { kind: d.kind };
}

/** Fields and buttons a finger can hit on a phone (44 px). */
export const TALL = { input: { minHeight: 44 } };

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;
