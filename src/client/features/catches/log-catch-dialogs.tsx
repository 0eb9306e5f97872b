import { UndersizeDialog, WaiverDialog } from './catch-check-dialogs';
import { FishingHoursDialog } from './fishing-hours-dialog';
import type { LogCatchState } from './use-log-catch-form';

/** The dialogs the checks open: the waiver, a kept fish under the minimum and the day's fishing hours. */
export function LogCatchDialogs({ state }: { state: LogCatchState }) {
  const { waiverOpen, setWaiverOpen, submit, undersizeLimit, setUndersizeLimit, form, sizeCm, hoursFor, setHoursFor, today } = state;
  return (
    <>
      <WaiverDialog
        opened={waiverOpen}
        onCancel={() => setWaiverOpen(false)}
        onAccept={() => {
          setWaiverOpen(false);
          submit({ waiver: true });
        }}
      />
      <UndersizeDialog
        limit={undersizeLimit}
        fishType={form.values.fishType}
        sizeCm={sizeCm}
        onBack={() => setUndersizeLimit(null)}
        onSubmitAnyway={() => {
          setUndersizeLimit(null);
          submit({ waiver: true, undersize: true });
        }}
      />
      <FishingHoursDialog
        session={hoursFor}
        today={today}
        onClose={() => {
          setHoursFor(null);
          submit({ waiver: true, undersize: true, hours: true });
        }}
      />
    </>
  );
}
