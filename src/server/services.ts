import { randomBytes } from 'node:crypto';
import { PLAIN_BACKUPS, type SiteHealth } from '../shared/site-health.schema';
import type { PaymentProvider } from './integrations/payments';
import type { PushSender } from './integrations/push';
import type { ObjectStore } from './integrations/storage';
import { AdminMembersService } from './membership/admin-members.service';
import { AdminPaymentsService } from './payments/admin-payments.service';
import { FirstRunSetupService } from './accounts/first-run-setup.service';
import { AdminService } from './accounts/admin.service';
import { CalendarFeedService } from './events/calendar-feed.service';
import { AuthService, type AuthDeps } from './accounts/auth.service';
import { AssistantService, type AssistantModel } from './assistant/assistant.service';
import { CatchesService } from './catches/catches.service';
import { ClubSettingsService } from './club/club-settings.service';
import { CmsService } from './content/cms.service';
import type { ContentCache } from './platform/content-cache';
import { EmailChangeService } from './accounts/email-change.service';
import { EventRemindersService } from './events/event-reminders.service';
import { EntriesService } from './events/entries.service';
import { EventsService } from './events/events.service';
import { GuestEntriesService } from './events/guest-entries.service';
import { GuestWaitlistService } from './events/guest-waitlist.service';
import { SignOnDeskService } from './events/sign-on-desk.service';
import { FairPlayService } from './catches/fair-play.service';
import { FishingAreaService } from './catches/fishing-area.service';
import { JudgingService } from './catches/judging.service';
import { MemberCardService } from './membership/member-card.service';
import { MemberDetailsService } from './membership/member-details.service';
import { MemberPaymentsService } from './payments/member-payments.service';
import { MembersService } from './membership/members.service';
import { MysteryFishService } from './competition/mystery-fish.service';
import { NewslettersService } from './content/newsletters.service';
import { NotificationsService } from './notifications/notifications.service';
import { PaymentsService } from './payments/payments.service';
import { PictureOfMonthService } from './competition/picture-of-month.service';
import { PlacingRulesService } from './competition/placing-rules.service';
import { RenewalsService } from './membership/renewals.service';
import { ReportsService } from './reports/reports.service';
import { SiteHealthService } from './platform/site-health.service';
import { SponsorsService } from './content/sponsors.service';
import { UploadsService } from './content/uploads.service';

export interface ServiceDeps extends AuthDeps {
  payments: PaymentProvider | null;
  objects: ObjectStore;
  cache: ContentCache;
  /** An OpenAI-compatible model for the assistant's wording; null: the built-in answers. */
  assistantModel: AssistantModel | null;
  /** The site's secret (SESSION_SECRET or DATA_DIR's), from which the mystery fish's sealing key is derived; absent: none is sealed. */
  sealingSecret?: string;
  /** Web push to members' phones; absent or null: none (e-mail only). */
  push?: PushSender | null;
  /** Whether backups are encrypted (from BACKUP_RECIPIENT or BACKUP_PASSPHRASE); absent: plain. */
  backups?: SiteHealth['backups'];
  /** The club's settings reader, when the app made it first (to read the club's zone before anything else). */
  club?: ClubSettingsService;
}

/** Every domain service, built once per app with its dependencies. */
export function createServices(baseDeps: ServiceDeps) {
  // What the club chose about itself is read by nearly every service (names, zone, contact).
  const club = baseDeps.club ?? new ClubSettingsService(baseDeps);
  const deps = { ...baseDeps, club };
  // Members' card codes and calendar addresses are derived from the site's secret (private-codes.ts).
  const linkSecret = deps.sealingSecret ?? randomBytes(32).toString('base64url');
  const uploads = new UploadsService(deps);
  const catches = new CatchesService({ ...deps, uploads });
  const notifications = new NotificationsService(deps);
  const mysteryFish = new MysteryFishService(deps);
  const judging = new JudgingService({ ...deps, notifications, mysteryFish });
  const cms = new CmsService(deps);
  const admin = new AdminService();
  const auth = new AuthService(deps);
  const payments = new PaymentsService({ ...deps, auth });
  const entries = new EntriesService({ ...deps, paymentsService: payments, notifications, cms });
  const guests = new GuestEntriesService({ ...deps, entries });
  const events = new EventsService({ ...deps, uploads, entries, cms });
  const members = new MembersService({ ...deps, judging, auth });
  const sponsors = new SponsorsService({ ...deps, cms, paymentsService: payments });
  const emailChange = new EmailChangeService({ ...deps, cms, auth });
  const renewals = new RenewalsService(deps);
  return {
    club,
    assistant: new AssistantService({ ...deps, model: deps.assistantModel, cms, events, sponsors, members, entries }),
    admin,
    adminMembers: new AdminMembersService({ ...deps, admin, emailChange, renewals }),
    emailChange,
    memberDetails: new MemberDetailsService({ ...deps, emailChange }),
    reports: new ReportsService({ ...deps, cms, judging }),
    renewals,
    siteHealth: new SiteHealthService({ backups: deps.backups ?? { encryption: null, message: PLAIN_BACKUPS } }),
    cms,
    sponsors,
    uploads,
    catches,
    judging,
    auth,
    members,
    payments,
    adminPayments: new AdminPaymentsService({ ...deps, payments, members }),
    events,
    entries,
    guests,
    guestWaitlist: new GuestWaitlistService(deps),
    signOnDesk: new SignOnDeskService({ ...deps, paymentsService: payments, guests }),
    fairPlay: new FairPlayService(deps),
    memberCards: new MemberCardService({ ...deps, secret: linkSecret }),
    // The first-run setup code is derived from the same secret.
    setup: new FirstRunSetupService({ ...deps, secret: linkSecret }),
    memberPayments: new MemberPaymentsService({ ...deps, cms }),
    calendarFeeds: new CalendarFeedService({ ...deps, secret: linkSecret }),
    fishingArea: new FishingAreaService(),
    mysteryFish,
    placingRules: new PlacingRulesService(),
    pictureOfMonth: new PictureOfMonthService(deps),
    notifications,
    newsletters: new NewslettersService(deps),
    eventReminders: new EventRemindersService({ ...deps, notifications, cms }),
  };
}

export type Services = ReturnType<typeof createServices>;
