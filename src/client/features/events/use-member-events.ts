import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { EventView } from '../../../shared/events.schema';
import { useMembershipRules } from '../../lib/membership-rules';
import { useTRPC } from '../../trpc';
import type { EntryDue } from './entry-dialogs';
import { householdEntrants } from './household-entrants';
import { gateFor } from './membership-needed';
import { useRefreshEntries } from './use-refresh-entries';

/** The fish-logging form is drawn when asked for (its own tab has it open); the check-in button brings it here. */
function useCatchLogging() {
  const [logging, setLogging] = useState(0);
  useEffect(() => {
    if (!logging) return;
    const section = document.getElementById('catch-logging');
    section?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    // Keyboard and screen-reader users carry on from the form, not from the button they left behind.
    section?.focus({ preventScroll: true });
  }, [logging]);
  return { logging, logCatch: () => setLogging((n) => n + 1) };
}

/** The member events screen's state: the member's entries and waiting lists, the events, and the dialogs. */
export function useMemberEvents() {
  const trpc = useTRPC();
  const mine = useQuery(trpc.events.myRegistrations.queryOptions());
  const upcoming = useQuery(trpc.events.upcoming.queryOptions());
  const profile = useQuery(trpc.members.profile.queryOptions());
  // Known only once the profile has loaded; until then (or if it cannot be read) the server has the last word.
  const gate = profile.isSuccess ? gateFor(profile.data) : null;
  // Only a full event has a waiting list, so only then is there anything to ask about.
  const waitlist = useQuery({ ...trpc.entries.myWaitlist.queryOptions(), enabled: (upcoming.data ?? []).some((e) => e.isFull) });
  const refresh = useRefreshEntries();
  const [due, setDue] = useState<EntryDue | null>(null);
  const [enterFor, setEnterFor] = useState<EventView | null>(null);
  const registrations = mine.data ?? [];
  const rules = useMembershipRules();
  const ownId = profile.data?.id;
  // The member's own entries mark an event 'Registered'; a junior's entry alone does not.
  const registeredIds = new Set(registrations.filter((r) => !r.memberId || r.memberId === ownId).map((r) => r.eventId));
  const waitingIds = new Set((waitlist.data ?? []).filter((w) => w.memberId === ownId).map((w) => w.eventId));
  // Whom 'Enter with my juniors' offers for an event: the household's juniors on its day not entered yet.
  const juniorsFor = (e: EventView) => (profile.data ? householdEntrants(rules, e, profile.data, registrations).juniors.length > 0 : false);
  const events = upcoming.data ?? [];
  const { logging, logCatch } = useCatchLogging();
  return {
    mine,
    upcoming,
    profile,
    gate,
    waitlist,
    refresh,
    due,
    setDue,
    enterFor,
    setEnterFor,
    registrations,
    ownId,
    registeredIds,
    waitingIds,
    juniorsFor,
    events,
    logging,
    logCatch,
  };
}

export type MemberEventsState = ReturnType<typeof useMemberEvents>;
