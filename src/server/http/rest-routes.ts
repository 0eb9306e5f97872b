import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '../integrations/storage';
import { registerAdminRoutes } from '../rest/admin.rest';
import { registerAuthRoutes } from '../rest/auth.rest';
import { registerCalendarRoutes } from '../rest/calendar.rest';
import { registerCatchRoutes } from '../rest/catches.rest';
import { registerChatRoutes } from '../rest/chat.rest';
import { registerContentRoutes } from '../rest/content.rest';
import { registerEventRoutes } from '../rest/events.rest';
import { registerMemberPaymentRoutes } from '../rest/member-payments.rest';
import { registerMemberRoutes } from '../rest/members.rest';
import { registerNewsletterRoutes } from '../rest/newsletters.rest';
import { registerObjectRoutes } from '../rest/objects.rest';
import { registerPayPalRoutes } from '../rest/paypal.rest';
import { registerReportRoutes } from '../rest/reports.rest';
import { registerSponsorRoutes } from '../rest/sponsors.rest';
import type { ContextDeps } from '../trpc/context';

/** The documented REST paths (docs/api.md), PayPal's callbacks and the object routes: thin shims over the procedures. */
export function registerRestRoutes(app: FastifyInstance, contextDeps: ContextDeps, objects: ObjectStore, allowedOrigin: string): void {
  registerAuthRoutes(app, contextDeps, allowedOrigin);
  registerMemberRoutes(app, contextDeps);
  registerMemberPaymentRoutes(app, contextDeps);
  registerCalendarRoutes(app, contextDeps);
  registerPayPalRoutes(app, contextDeps);
  registerEventRoutes(app, contextDeps);
  registerObjectRoutes(app, contextDeps, objects);
  registerCatchRoutes(app, contextDeps);
  registerSponsorRoutes(app, contextDeps);
  registerContentRoutes(app, contextDeps);
  registerAdminRoutes(app, contextDeps);
  registerReportRoutes(app, contextDeps);
  registerChatRoutes(app, contextDeps);
  registerNewsletterRoutes(app, contextDeps);
}
