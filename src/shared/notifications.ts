/** The notifications a member chooses in Settings; plain constants (no zod) so the page bundle stays small. */

export const NOTIFICATION_KINDS = ['event_tomorrow', 'catch_judged', 'results_final', 'waitlist_place_freed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Each kind on or off; a member who never chose gets every kind. */
export type NotificationPreferences = Record<NotificationKind, boolean>;
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  event_tomorrow: true,
  catch_judged: true,
  results_final: true,
  waitlist_place_freed: true,
};

/** What Settings says of each kind: its switch's label and what it does (and what still comes by e-mail). */
export const NOTIFICATION_TEXT: Record<NotificationKind, { label: string; description: string }> = {
  event_tomorrow: {
    label: 'Event tomorrow',
    description: 'A reminder the day before an event you entered. The reminder e-mail with the calendar invitation comes either way.',
  },
  catch_judged: {
    label: 'Your catch judged',
    description:
      'When the judges approve, correct or reject a catch you logged, or look at it again. With this off, or on no phone or computer, it comes by e-mail instead.',
  },
  results_final: {
    label: 'Results final',
    description: 'When the results of an event you fished are final.',
  },
  waitlist_place_freed: {
    label: 'A place frees up',
    description: 'When a place opens up for you on the waiting list of a full event.',
  },
};

/** What the service worker receives in a push (JSON) and shows as a notification. */
export interface PushMessage {
  title: string;
  body: string;
  /** The site address the notification opens (a path on this site). */
  url: string;
  /** Notifications with one tag replace each other (one per event and kind, say). */
  tag?: string;
}
