/** Plain event constants and rules, kept apart from the zod schemas so the page bundle needs no zod. */
import { clubToday, type IsoDate } from './dates';

export const EVENT_STATUSES = ['active', 'cancelled', 'completed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
/** A registration can be cancelled until its event starts; from then on it stands. */
export const registrationCancellable = (eventDate: Date, now: Date): boolean => eventDate.getTime() > now.getTime();

/** Catches are logged for an event on its own day on the club's clocks (`day` as `clubToday` gives it). */
export const acceptsCatchesOn = (eventDate: Date, day: IsoDate): boolean => clubToday(eventDate) === day;

/** Landing page and member home show at most this many upcoming events (SPEC §9). */
export const UPCOMING_LIMIT = 4;
