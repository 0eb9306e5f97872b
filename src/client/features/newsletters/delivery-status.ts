import type { DeliveryStatus, NewsletterSummary } from '../../../shared/newsletters.schema';

export const STATUS_LABELS: Record<DeliveryStatus, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped (unsubscribed)',
  uncertain: 'Uncertain',
};
export const STATUS_COLOURS: Record<DeliveryStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  skipped: 'gray',
  uncertain: 'orange',
};

/** 'Sent 12 · Waiting 30 · Failed 1', leaving out what is zero. */
export function outcomeLine(n: NewsletterSummary) {
  const parts = (['sent', 'queued', 'sending', 'failed', 'uncertain', 'skipped'] as const)
    .filter((s) => n.counts[s] > 0)
    .map((s) => `${STATUS_LABELS[s]} ${n.counts[s].toLocaleString('en-AU')}`);
  return parts.join(' · ');
}
