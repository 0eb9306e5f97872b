import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { AvailableEvents } from './available-events';
import { CheckInCard } from './check-in-card';
import { EnterHouseholdDialog, PayEntryDialog } from './entry-dialogs';
import { MembershipNeeded } from './membership-needed';
import { RegisteredEvents } from './registered-events';
import { useMemberEvents } from './use-member-events';
import { WaitingLists } from './waiting-lists';

/** The member events screen (portal Events tab); `catchLogging` (the fish logging screen) is placed below the events by the route. */
export function MemberEvents({ catchLogging }: { catchLogging?: ReactNode }) {
  const state = useMemberEvents();
  const { gate, logCatch, mine, ownId, setDue, waitlist, refresh, due, profile, enterFor, registrations, setEnterFor, logging } = state;
  return (
    <Stack gap="lg">
      {gate && <MembershipNeeded gate={gate} />}
      <CheckInCard onLogCatch={logCatch} />
      <RegisteredEvents query={mine} ownId={ownId} onPay={setDue} />
      <WaitingLists waitlist={waitlist.data ?? []} ownId={ownId} onChange={() => void refresh()} />

      <AvailableEvents state={state} />

      <PayEntryDialog due={due} onClose={() => setDue(null)} />
      {profile.data && (
        <EnterHouseholdDialog
          event={enterFor}
          profile={profile.data}
          registrations={registrations}
          onClose={() => setEnterFor(null)}
          onDue={setDue}
        />
      )}

      <section id="catch-logging" tabIndex={-1} aria-label="Fish logging" style={{ outline: 'none' }}>
        {logging > 0 && catchLogging}
      </section>
    </Stack>
  );
}
