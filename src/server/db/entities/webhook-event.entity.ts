import { defineEntity, p } from '@mikro-orm/postgresql';

/**
 * A provider webhook that passed signature verification, by the provider's event id: PayPal delivers an
 * event at least once (and retries for days), so a second delivery finds its row and changes nothing.
 */
const WebhookEventSchema = defineEntity({
  name: 'WebhookEvent',
  tableName: 'webhook_events',
  properties: {
    id: p.string().length(64).primary(),
    provider: p.string().length(20),
    eventType: p.string().length(80),
    /** The capture, refund or order the event is about. */
    resourceId: p.string().length(64).nullable(),
    /** What the club did with it, in a few words (for the audit of money). */
    outcome: p.string().length(200).nullable(),
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
});
export class WebhookEvent extends WebhookEventSchema.class {}
WebhookEventSchema.setClass(WebhookEvent);
