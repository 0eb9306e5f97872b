import { createCallerFactory, router } from '../server/trpc/init';
import { adminRouter } from './admin.router';
import { authRouter } from './auth.router';
import { calendarFeedRouter } from './calendar-feed.router';
import { catchesRouter } from './catches.router';
import { chatRouter } from './chat.router';
import { clubRouter } from './club.router';
import { cmsRouter } from './cms.router';
import { pictureOfMonthRouter } from './competition.router';
import { entriesRouter } from './entries.router';
import { eventsRouter } from './events.router';
import { guestsRouter } from './guests.router';
import { memberCardRouter, verifyRouter } from './member-card.router';
import { memberDetailsRouter } from './member-details.router';
import { memberPaymentsRouter } from './member-payments.router';
import { membersRouter } from './members.router';
import { newslettersRouter } from './newsletters.router';
import { notificationsRouter } from './notifications.router';
import { objectsRouter } from './objects.router';
import { paymentsRouter } from './payments.router';
import { sponsorshipsRouter } from './sponsorships.router';
import { setupRouter } from './setup.router';
import { sponsorsRouter } from './sponsors.router';

export const appRouter = router({
  auth: authRouter,
  members: membersRouter,
  memberCard: memberCardRouter,
  memberDetails: memberDetailsRouter,
  memberPayments: memberPaymentsRouter,
  calendarFeed: calendarFeedRouter,
  verify: verifyRouter,
  notifications: notificationsRouter,
  newsletters: newslettersRouter,
  payments: paymentsRouter,
  events: eventsRouter,
  entries: entriesRouter,
  guests: guestsRouter,
  objects: objectsRouter,
  catches: catchesRouter,
  pictureOfMonth: pictureOfMonthRouter,
  sponsors: sponsorsRouter,
  sponsorships: sponsorshipsRouter,
  club: clubRouter,
  cms: cmsRouter,
  chat: chatRouter,
  admin: adminRouter,
  setup: setupRouter,
});

/** The typed API; the client imports only this type. */
export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
