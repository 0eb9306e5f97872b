/* Step: the demo member has chosen what he hears about (Settings → Notifications). No browser is subscribed: the demo needs no push service, and what would be pushed comes to him by e-mail (the outbox). */
import { addDays } from '../../shared/dates';
import type { NotificationKind } from '../../shared/notifications';
import { hhmm, type DemoContext } from './context';

/** Daniel keeps the day-before reminder, his family's verdicts and the results, and has switched the waiting list off. */
export const DEMO_MEMBER_NOTIFICATIONS: Record<NotificationKind, boolean> = {
  event_tomorrow: true,
  catch_judged: true,
  results_final: true,
  waitlist_place_freed: false,
};

export async function seedNotificationChoices(demo: DemoContext) {
  await demo.at(demo.local(addDays(demo.today, -12), hhmm(20 * 60 + 14)), async () => {
    for (const [kind, enabled] of Object.entries(DEMO_MEMBER_NOTIFICATIONS) as [NotificationKind, boolean][])
      await demo.services.notifications.setPreference(demo.em, demo.member.actor, { kind, enabled });
  });
}
