/** Plain event constants, kept apart from the zod schemas so the page bundle needs no zod. */
export const EVENT_STATUSES = ['active', 'cancelled', 'completed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
/** Landing page and member home show at most this many upcoming events (SPEC §9). */
export const UPCOMING_LIMIT = 4;
