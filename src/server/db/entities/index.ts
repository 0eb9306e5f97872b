import { AuditLog } from './audit-log.entity';
import { AuthToken } from './auth-token.entity';
import { Catch } from './catch.entity';
import { EmailChange } from './email-change.entity';
import { ContentPage, NewsArticle, SiteSection, SiteSetting } from './content.entity';
import { Sponsor } from './sponsor.entity';
import { FishingSession } from './fishing-session.entity';
import { Event } from './event.entity';
import { EventNotice } from './event-notice.entity';
import { EventRegistration } from './event-registration.entity';
import { Household } from './household.entity';
import { Member } from './member.entity';
import { MysteryFish } from './mystery-fish.entity';
import { NotificationSettings } from './notification-settings.entity';
import { Newsletter } from './newsletter.entity';
import { NewsletterDelivery } from './newsletter-delivery.entity';
import { NewsletterPreference } from './newsletter-preference.entity';
import { Payment } from './payment.entity';
import { PictureMonth, PictureVote } from './picture-vote.entity';
export type { PaymentCovers, PaymentEntries } from './payment.entity';
import { PushSubscription } from './push-subscription.entity';
import { RateLimitBucket } from './rate-limit-bucket.entity';
import { MemberCard } from './member-card.entity';
import { CalendarFeed } from './calendar-feed.entity';
import { RenewalReminder } from './renewal-reminder.entity';
import { StoredObject } from './stored-object.entity';
import { User } from './user.entity';
import { WaitlistEntry } from './waitlist-entry.entity';
import { WebhookEvent } from './webhook-event.entity';

export {
  AuditLog,
  AuthToken,
  Catch,
  EmailChange,
  ContentPage,
  NewsArticle,
  SiteSection,
  SiteSetting,
  Sponsor,
  Event,
  EventNotice,
  FishingSession,
  EventRegistration,
  Household,
  Member,
  MysteryFish,
  NotificationSettings,
  Newsletter,
  NewsletterDelivery,
  NewsletterPreference,
  Payment,
  PictureMonth,
  PictureVote,
  PushSubscription,
  RateLimitBucket,
  MemberCard,
  CalendarFeed,
  RenewalReminder,
  StoredObject,
  User,
  WaitlistEntry,
  WebhookEvent,
};
export const entities = [
  User,
  AuthToken,
  RateLimitBucket,
  AuditLog,
  Household,
  Member,
  MemberCard,
  CalendarFeed,
  Payment,
  Event,
  EventRegistration,
  StoredObject,
  Catch,
  MysteryFish,
  PictureVote,
  PictureMonth,
  FishingSession,
  Sponsor,
  ContentPage,
  SiteSection,
  SiteSetting,
  NewsArticle,
  RenewalReminder,
  WebhookEvent,
  WaitlistEntry,
  PushSubscription,
  NotificationSettings,
  EventNotice,
  Newsletter,
  NewsletterDelivery,
  NewsletterPreference,
  EmailChange,
];
