import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Fate, keptUnderMinimum } from '../../../shared/catches';
import type { GuestView } from '../../../shared/entries.schema';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { useClubToday } from '../../lib/clock';
import { useAuth } from '../../lib/use-auth';
import { useTRPC } from '../../trpc';
import { catchFields } from './catch-fields';
import { waiverAccepted } from './catch-check-dialogs';
import type { QueuedCatch } from './catch-queue';
import { hoursAlreadyAsked } from './fishing-hours-dialog';
import { fishingHoursRefusal, type FishingHoursRefusal } from './fishing-hours-check';
import { useCatchCelebration } from './use-catch-celebration';
import { useCatchPhoto } from './use-catch-photo';
import { type LoggedCatch, useSendCatch } from './use-send-catch';
import { minimumCmOf } from '../../../shared/species';
import { clubSpecies } from '../../lib/species';

/** Where each field's sentence shows. */
const CATCH_FIELD_OF: Record<string, 'memberChoice' | 'eventChoice' | 'fishType' | 'size' | 'fate' | undefined> = {
  memberId: 'memberChoice',
  eventId: 'eventChoice',
  fishType: 'fishType',
  size: 'size',
  fishKeptOrReleased: 'fate',
};

/** The fields in the order the form shows them: their labels name what is missing, their ids take the focus. */
const FORM_FIELDS = [
  { field: 'memberChoice', label: 'Member', id: 'catch-member' },
  { field: 'eventChoice', label: 'Event', id: 'catch-event' },
  { field: 'fishType', label: 'Species', id: 'catch-species' },
  { field: 'size', label: 'Size (cm)', id: 'catch-size' },
  { field: 'fate', label: 'Kept or Released', id: 'catch-fate' },
] as const;

/** What the form reads from the server: the angler, the members, today's events and the size limits. */
function useCatchQueries(guest: GuestView | undefined) {
  const trpc = useTRPC();
  const { user } = useAuth();
  const profile = useQuery({ ...trpc.members.profile.queryOptions(), enabled: !guest });
  // The members list is for members in good standing (and the committee).
  const members = useQuery({
    ...trpc.members.list.queryOptions(),
    enabled: !guest && (profile.data?.status === 'active' || user?.role === 'admin'),
  });
  const upcoming = useQuery(trpc.events.upcoming.queryOptions());
  const todaysEvents = (upcoming.data ?? []).filter((e) => e.acceptsCatchesToday && (!guest || e.id === guest.eventId));
  return { user, profile, members, upcoming, todaysEvents };
}

/** The checks' state: the accuracy box and the dialogs and alerts the checks open. */
function useCatchChecks() {
  const [accurate, setAccurate] = useState(false);
  const [waiverOpen, setWaiverOpen] = useState(false);
  const [undersizeLimit, setUndersizeLimit] = useState<number | null>(null);
  const [hoursRefusal, setHoursRefusal] = useState<FishingHoursRefusal | null>(null);
  /** The event and angler whose fishing hours are asked before their first catch of the day. */
  const [hoursFor, setHoursFor] = useState<{ eventId: string; memberId: string } | null>(null);
  return {
    accurate,
    setAccurate,
    waiverOpen,
    setWaiverOpen,
    undersizeLimit,
    setUndersizeLimit,
    hoursRefusal,
    setHoursRefusal,
    hoursFor,
    setHoursFor,
  };
}

type Settled = { waiver?: boolean; undersize?: boolean; hours?: boolean };
type CatchForm = ReturnType<typeof useCatchForm>;

/** The catch's fields, checked with the shared schema, with the angler and event the form defaults to. */
function useCatchForm(guest: GuestView | undefined, queries: ReturnType<typeof useCatchQueries>) {
  const { profile, members, todaysEvents } = queries;
  const form = useSchemaForm({
    schema: catchFields,
    initialValues: { memberChoice: '', eventChoice: '', fishType: '', size: '' as number | string, fate: '' as Fate | '' },
    toInput: (v) => ({ fishType: v.fishType, size: v.size, fishKeptOrReleased: v.fate, memberId, eventId }),
    fieldOf: (path) => CATCH_FIELD_OF[path],
  });
  const { memberChoice, eventChoice } = form.values;
  // Sensible defaults on the riverbank, until one is chosen: the signed-in member, and today's event when there is just one.
  const ownId = profile.data?.id;
  const memberId: string = guest?.memberId ?? (memberChoice || (ownId && members.data?.some((m) => m.id === ownId) ? ownId : ''));
  const eventId: string = eventChoice || (todaysEvents.length === 1 ? todaysEvents[0].id : '');
  const chosenEvent = todaysEvents.find((e) => e.id === eventId);
  const size = form.values.size;
  const sizeCm = typeof size === 'number' ? size : Number.NaN;
  return { form, memberId, eventId, chosenEvent, sizeCm };
}

/** Everything the checks and the sending read. */
interface CatchContext {
  guest?: GuestView;
  today: string;
  queries: ReturnType<typeof useCatchQueries>;
  catchForm: CatchForm;
  checks: ReturnType<typeof useCatchChecks>;
  photo: Omit<ReturnType<typeof useCatchPhoto>, 'bindInput'>;
  send: (file: File, fateValue: Fate) => unknown;
}

/** The catch form's checks in their order; the dialogs call back in with what they settled. */
function submitCatch(c: CatchContext, settled: Settled = {}) {
  const { form, memberId, eventId, chosenEvent, sizeCm } = c.catchForm;
  const { fishType, fate } = form.values;
  // The schema's sentence goes under each field (outlined in red), the fields are named above Submit and the
  // first one is brought into view; a blank one also says so in a toast, as before.
  const fields = form.validate((errors) => {
    const first = FORM_FIELDS.find((f) => errors[f.field]);
    if (first) document.getElementById(first.id)?.focus();
  });
  if (!fields) {
    if (!fishType || !(sizeCm > 0) || !fate || !memberId || !eventId) {
      toast.error('Missing Information', 'Please fill in all required fields.');
    }
    return;
  }
  // Not sent outside the event's fishing hours (the server refuses it too); nothing typed is lost.
  const refusal = fishingHoursRefusal(chosenEvent, c.queries.user?.role === 'admin');
  c.checks.setHoursRefusal(refusal);
  if (refusal) return;
  if (!c.photo.photo) {
    toast.error('Photo Required', 'Please take a photo of your catch.');
    return;
  }
  if (!settled.waiver && !waiverAccepted()) {
    c.checks.setWaiverOpen(true);
    return;
  }
  if (!c.checks.accurate) {
    toast.error('Accuracy Acknowledgment Required', 'Please confirm the accuracy of your data.');
    return;
  }
  // The club's legal size for the species (its settings, carried in the page and kept on the phone).
  const minimumCm = minimumCmOf(clubSpecies(), fishType);
  if (!settled.undersize && minimumCm !== null && keptUnderMinimum({ fate: fields.fishKeptOrReleased, sizeCm, minimumCm })) {
    c.checks.setUndersizeLimit(minimumCm);
    return;
  }
  // The day's fishing hours are asked before the first catch (a member's, with signal to record them), never after.
  const session = { eventId, memberId };
  if (!settled.hours && !c.guest && navigator.onLine && !hoursAlreadyAsked(session, c.today)) {
    c.checks.setHoursFor(session);
    return;
  }
  void c.send(c.photo.photo, fields.fishKeptOrReleased);
}

/** The catch as it is kept on the phone and sent. */
function loggedCatch(c: Omit<CatchContext, 'send'>, clientId: string, file: File, fateValue: Fate): LoggedCatch {
  const { guest, queries } = c;
  const { memberId, eventId, sizeCm, form } = c.catchForm;
  const angler = guest ? { firstName: guest.name, lastName: '' } : queries.members.data?.find((m) => m.id === memberId);
  return {
    clientId,
    userId: guest ? `guest:${guest.memberId}` : (queries.user?.id ?? ''),
    fishType: form.values.fishType,
    size: sizeCm,
    fishKeptOrReleased: fateValue,
    eventId,
    memberId,
    gpsCoordinates: c.photo.gpsToSend,
    // As taken: the sender shrinks it before the upload, so the form never waits for it.
    photo: file,
    eventName: queries.todaysEvents.find((e) => e.id === eventId)?.name ?? '',
    anglerName: angler ? `${angler.firstName} ${angler.lastName}`.trim() : '',
    state: 'waiting',
  };
}

/**
 * 'Log Your Catch''s state and actions: the fields and their defaults, the checks in order, the photo, the sending
 * and the celebrations.
 */
export function useLogCatchForm(guest: GuestView | undefined) {
  const queries = useCatchQueries(guest);
  const today = useClubToday();
  const catchForm = useCatchForm(guest, queries);
  const { form } = catchForm;
  const { fishType, size, fate } = form.values;
  const checks = useCatchChecks();
  const { bindInput: bindPhotoInput, ...photo } = useCatchPhoto();
  const sender = useSendCatch();
  const celebration = useCatchCelebration();
  /** One id per catch: a retry after a lost connection sends the same id, so the catch is stored once. */
  const clientId = useRef(crypto.randomUUID());

  const reset = () => {
    form.setValues({ fishType: '', size: '', fate: '' });
    photo.clear();
    checks.setAccurate(false);
    clientId.current = crypto.randomUUID();
  };
  /** A catch the club refused goes back on the form to be fixed: its fields, photo and position, as a new catch. */
  const restore = (entry: QueuedCatch) => {
    form.setValues({
      memberChoice: entry.memberId,
      eventChoice: entry.eventId,
      fishType: entry.fishType,
      size: entry.size,
      fate: entry.fishKeptOrReleased,
    });
    photo.restore(entry.photo, entry.gpsCoordinates);
    checks.setAccurate(true);
  };
  // Whether the form is empty, read when a refusal comes back after the angler may have started on the next fish.
  const blank = useRef(true);
  useEffect(() => {
    blank.current = !fishType && size === '' && !fate && !photo.photo;
  });

  /** What the last submit found missing or wrong, until each is put right. */
  const toFix = FORM_FIELDS.filter((f) => form.errors[f.field]).map((f) => f.label);
  const context = { guest, today, queries, catchForm, checks, photo };
  /** Keeps the catch on the phone and sends it; the form is free for the next fish as soon as the catch is safe. */
  const send = (file: File, fateValue: Fate) =>
    sender.send(loggedCatch(context, clientId.current, file, fateValue), {
      freed: reset,
      refused: (refused) => {
        const stillOnForm = clientId.current === refused.clientId;
        if (!stillOnForm && !blank.current) return false;
        if (!stillOnForm) restore(refused);
        clientId.current = crypto.randomUUID();
        return true;
      },
      earned: celebration.celebrate,
    });
  const submit = (settled: Settled = {}) => submitCatch({ ...context, send }, settled);
  const noEventToday = queries.upcoming.isSuccess && queries.todaysEvents.length === 0;
  return { ...catchForm, ...checks, queries, today, photo, bindPhotoInput, sender, celebration, toFix, submit, noEventToday };
}

export type LogCatchState = ReturnType<typeof useLogCatchForm>;
