import { Alert, Button, Card, Checkbox, NativeSelect, Stack, Title } from '@mantine/core';
import type { GuestView } from '../../../shared/entries.schema';
import { UploadProgress } from '../../components/uploads/upload-progress';
import { useSpeciesNames } from '../../lib/species';
import { AchievementNote } from './achievement-note';
import { CatchPhotoField } from './catch-photo-field';
import { ClubCodeNotice } from './club-code-notice';
import { FishingHoursAlert, FishingHoursNote } from './fishing-hours-check';
import { CatchSizeInput, FateRadios } from './catch-inputs';
import { LogCatchDialogs } from './log-catch-dialogs';
import { MemberPicker } from './member-picker';
import { useLogCatchForm, type LogCatchState } from './use-log-catch-form';

export const ACCURACY_TEXT = 'I confirm that all information provided is accurate and truthful to the best of my knowledge.';

const options = (placeholder: string, items: { value: string; label: string }[]) => [{ value: '', label: placeholder }, ...items];

/** Who caught it, at which event, the species, size and whether it was kept. */
function CatchFields({ state, guest }: { state: LogCatchState; guest?: GuestView }) {
  const { queries, chosenEvent, memberId, eventId, form, noEventToday } = state;
  const species = useSpeciesNames();
  return (
    <>
      <MemberPicker
        members={queries.members.data}
        guest={guest ? { memberId: guest.memberId, name: guest.name } : undefined}
        event={chosenEvent}
        value={memberId}
        error={form.errors.memberChoice}
        onChange={(id) => form.setValue('memberChoice', id)}
      />
      {noEventToday && (
        <Alert variant="light" color="gray">
          There is no club event today. Catches are logged on the day of an event.
        </Alert>
      )}
      <NativeSelect
        id="catch-event"
        size="lg"
        label="Event"
        required
        value={eventId}
        disabled={noEventToday}
        onChange={(e) => form.setValue('eventChoice', e.currentTarget.value)}
        error={form.errors.eventChoice}
        data={options(
          'Select event',
          queries.todaysEvents.map((e) => ({ value: e.id, label: `${e.name} · ${e.location}` })),
        )}
      />
      <FishingHoursNote event={chosenEvent} />
      {eventId && !guest && <ClubCodeNotice eventId={eventId} />}
      <NativeSelect
        id="catch-species"
        size="lg"
        label="Species"
        required
        {...form.inputProps('fishType')}
        data={options(
          'Select species',
          species.map((s) => ({ value: s, label: s })),
        )}
      />
      <CatchSizeInput
        id="catch-size"
        size="lg"
        required
        value={form.values.size}
        onChange={(v) => form.setValue('size', v)}
        error={form.errors.size}
      />
      <FateRadios id="catch-fate" required value={form.values.fate} onChange={(v) => form.setValue('fate', v)} error={form.errors.fate} />
    </>
  );
}

/**
 * 'Log Your Catch': the catch form with its checks in order, the upload and the celebrations. For a
 * guest signed in by their link (`guest`), the angler and the event are theirs and fixed.
 */
export function LogCatchForm({ guest }: { guest?: GuestView } = {}) {
  const state = useLogCatchForm(guest);
  const { submit, photo, bindPhotoInput, accurate, setAccurate, sender, hoursRefusal, eventId, toFix, celebration } = state;
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} mb="sm">
        Log Your Catch
      </Title>
      <form
        noValidate
        aria-label="Log Your Catch"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <CatchFields state={state} guest={guest} />
          <CatchPhotoField photo={photo} bindPhotoInput={bindPhotoInput} />
          <Checkbox size="md" label={ACCURACY_TEXT} checked={accurate} onChange={(e) => setAccurate(e.currentTarget.checked)} />
          {sender.uploading && <UploadProgress value={sender.progress} animated />}
          <FishingHoursAlert refusal={hoursRefusal} eventId={eventId} />
          {toFix.length > 0 && (
            <Alert color="red" variant="light" data-testid="catch-to-fix">
              Still to fill in or correct: {toFix.join(', ')}.
            </Alert>
          )}
          <Button type="submit" color="teal" size="lg" loading={sender.busy} loaderProps={{ type: 'dots' }}>
            Submit Catch
          </Button>
          <AchievementNote achievement={celebration.achievement} onClose={celebration.closeAchievement} />
        </Stack>
      </form>
      <LogCatchDialogs state={state} />
    </Card>
  );
}
