import type { CompetitionRules } from '../../../shared/competition';
import type { EventAgeLimit } from '../../../shared/events';
import { centsToAmount } from '../../../shared/membership';
import type { AdminEventView, EventInput, EventStatus } from '../../../shared/events.schema';

export interface EventFormValues {
  name: string;
  eventDate: string;
  location: string;
  description: string;
  rules: string;
  prizes: string;
  registrationFee: string;
  maxParticipants: string;
  clubCode: string;
  /** 'HH:mm' on the club's clocks, as a time input gives it. */
  fishingStart: string;
  fishingEnd: string;
  /** Juniors and Open placed apart (the club's default). */
  divisions: boolean;
  status: EventStatus;
  /** Entry prices in dollars: juniors blank pay the member price (registrationFee is the member fee). */
  juniorFee: string;
  nonMemberFee: string;
  /** 'YYYY-MM-DDTHH:mm' club time; blank: at the end of sign-on (the club's sign-on hours after the start). */
  entriesCloseAt: string;
  payAtSignOn: boolean;
  requireCheckIn: boolean;
  /** Who may enter by age on the day, and whether guests (non-members) may. */
  ageLimit: EventAgeLimit;
  membersOnly: boolean;
}

/** A new event's values: the club's entry fees and fishing times (its competition rules), the rest blank. */
function newEventValues(rules: CompetitionRules): EventFormValues {
  const { entryFeesCents: fees, times } = rules;
  return {
    name: '',
    eventDate: '',
    location: '',
    description: '',
    rules: '',
    prizes: '',
    registrationFee: centsToAmount(fees.member),
    maxParticipants: '',
    clubCode: '',
    fishingStart: times.fishingStart,
    fishingEnd: times.fishingEnd,
    divisions: true,
    status: 'active',
    // No junior fee of the club's own: juniors pay the member fee (blank).
    juniorFee: fees.junior === null ? '' : centsToAmount(fees.junior),
    nonMemberFee: centsToAmount(fees.nonMember),
    entriesCloseAt: '',
    payAtSignOn: true,
    requireCheckIn: false,
    ageLimit: 'anyone',
    membersOnly: false,
  };
}

/**
 * The form's values: the event's own (what an older event never had, from the club's competition rules), or for a
 * new event the club's fees and times from its competition rules and the rest blank.
 */
export function formValuesOf(event: AdminEventView | null, rules: CompetitionRules): EventFormValues {
  if (!event) return newEventValues(rules);
  return {
    name: event.name,
    eventDate: event.eventDateLocal,
    location: event.location,
    description: event.description ?? '',
    rules: event.rules ?? '',
    prizes: event.prizes ?? '',
    registrationFee: event.registrationFee,
    maxParticipants: event.maxParticipants === null ? '' : String(event.maxParticipants),
    clubCode: event.clubCode ?? '',
    fishingStart: event.fishingStart ?? rules.times.fishingStart,
    fishingEnd: event.fishingEnd ?? rules.times.fishingEnd,
    divisions: event.divisions ?? true,
    status: event.status,
    juniorFee: event.juniorFee ?? '',
    nonMemberFee: event.nonMemberFee ?? centsToAmount(rules.entryFeesCents.nonMember),
    entriesCloseAt: event.entriesCloseLocal ?? '',
    payAtSignOn: event.payAtSignOn ?? true,
    requireCheckIn: event.requireCheckIn ?? false,
    ageLimit: event.ageLimit ?? 'anyone',
    membersOnly: event.membersOnly ?? false,
  };
}

/** What the server receives: blank fee and maximum stay '' (the server reads them as 0 and no limit). */
export function toEventInput(values: EventFormValues, editing: boolean): EventInput {
  return {
    name: values.name.trim(),
    eventDate: values.eventDate,
    location: values.location.trim(),
    description: values.description,
    rules: values.rules,
    prizes: values.prizes,
    registrationFee: values.registrationFee.trim(),
    maxParticipants: values.maxParticipants.trim(),
    clubCode: values.clubCode,
    fishingStart: values.fishingStart,
    fishingEnd: values.fishingEnd,
    // Blank junior fee: juniors pay the member price; blank close: the end of sign-on.
    juniorFee: values.juniorFee.trim(),
    nonMemberFee: values.nonMemberFee.trim(),
    entriesCloseAt: values.entriesCloseAt,
    payAtSignOn: values.payAtSignOn,
    requireCheckIn: values.requireCheckIn,
    ageLimit: values.ageLimit,
    membersOnly: values.membersOnly,
    divisions: values.divisions,
    ...(editing ? { status: values.status } : {}),
  };
}
