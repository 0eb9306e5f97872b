import {
  notificationSettings,
  pushSubscriptionInput,
  pushUnsubscribeInput,
  setNotificationPreferenceInput,
} from '../shared/notifications.schema';
import { memberProcedure, router } from '../server/trpc/init';

/** Settings → Notifications: the member's choices per kind, and the browsers (phones) that take pushes. */
export const notificationsRouter = router({
  /** The server's public (VAPID) key to subscribe with, each kind on or off, and how many devices get pushes. */
  settings: memberProcedure.output(notificationSettings).query(({ ctx }) => ctx.services.notifications.settings(ctx.em, ctx.actor)),

  setPreference: memberProcedure
    .input(setNotificationPreferenceInput)
    .output(notificationSettings)
    .mutation(({ ctx, input }) => ctx.services.notifications.setPreference(ctx.em, ctx.actor, input)),

  /** This browser's push subscription (PushSubscription.toJSON()), kept for the signed-in member. */
  subscribe: memberProcedure
    .input(pushSubscriptionInput)
    .output(notificationSettings)
    .mutation(({ ctx, input }) => ctx.services.notifications.subscribe(ctx.em, ctx.actor, input)),

  unsubscribe: memberProcedure
    .input(pushUnsubscribeInput)
    .output(notificationSettings)
    .mutation(({ ctx, input }) => ctx.services.notifications.unsubscribe(ctx.em, ctx.actor, input)),
});
