import { defineEntity, p } from '@mikro-orm/postgresql';
import { NEWSLETTER_CHOICES } from '../../../shared/newsletters.schema';

/**
 * An address's choice about newsletters (receipts, sign-in links and reminders are not affected): 'news' (opted
 * in to club news), 'members' (members' newsletters only) or 'none' (unsubscribed). No row: 'members'.
 */
const NewsletterPreferenceSchema = defineEntity({
  name: 'NewsletterPreference',
  tableName: 'newsletter_preferences',
  properties: {
    /** Lower case. */
    email: p.string().length(254).primary(),
    choice: p.enum(NEWSLETTER_CHOICES),
    /** Where it was made: 'portal', 'unsubscribe page', 'one-click' (a mail app's unsubscribe button). */
    source: p.string().length(40),
    changedAt: p.datetime(),
  },
});
export class NewsletterPreference extends NewsletterPreferenceSchema.class {}
NewsletterPreferenceSchema.setClass(NewsletterPreference);
