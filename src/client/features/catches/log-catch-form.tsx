import { Alert, Button, Card, Checkbox, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Fate, keptUnderMinimum, SPECIES } from '../../../shared/catches';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { UploadProgress } from '../../components/uploads/upload-progress';
import { useClubToday } from '../../lib/clock';
import type { GuestView } from '../../../shared/entries.schema';
import { useAuth } from '../../lib/use-auth';
import { useTRPC } from '../../trpc';
import { AchievementNote } from './achievement-note';
import { catchFields } from './catch-fields';
import { UndersizeDialog, WaiverDialog, waiverAccepted } from './catch-check-dialogs';
import { ClubCodeNotice } from './club-code-notice';
import type { QueuedCatch } from './catch-queue';
import { FishingHoursDialog, hoursAlreadyAsked } from './fishing-hours-dialog';
import { FishingHoursAlert, FishingHoursNote, fishingHoursRefusal, type FishingHoursRefusal } from './fishing-hours-check';
import { useCatchCelebration } from './use-catch-celebration';
import { useCatchPhoto } from './use-catch-photo';
import { type LoggedCatch, useSendCatch } from './use-send-catch';
import { CatchSizeInput, FateRadios } from './catch-inputs';
import { MemberPicker } from './member-picker';

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

export const ACCURACY_TEXT = 'I confirm that all information provided is accurate and truthful to the best of my knowledge.';

/**
 * 'Log Your Catch' (SPEC §2.10, §4): the catch form with its checks in order, the upload and the celebrations. For a
 * guest signed in by their link (`guest`), the angler and the event are theirs and fixed.
 */
export function LogCatchForm({ guest }: { guest?: GuestView } = {}) {
  const trpc = useTRPC();
  const { user } = useAuth();
  const profile = useQuery({ ...trpc.members.profile.queryOptions(), enabled: !guest });
  // The members list is for members in good standing (and the committee).
  const members = useQuery({
    ...trpc.members.list.queryOptions(),
    enabled: !guest && (profile.data?.status === 'active' || user?.role === 'admin'),
  });
  const upcoming = useQuery(trpc.events.upcoming.queryOptions());
  const sizeLimits = useQuery(trpc.catches.sizeLimits.queryOptions());

  const today = useClubToday();
  const todaysEvents = (upcoming.data ?? []).filter((e) => e.acceptsCatchesToday && (!guest || e.id === guest.eventId));

  const form = useSchemaForm({
    schema: catchFields,
    initialValues: { memberChoice: '', eventChoice: '', fishType: '', size: '' as number | string, fate: '' as Fate | '' },
    toInput: (v) => ({ fishType: v.fishType, size: v.size, fishKeptOrReleased: v.fate, memberId, eventId }),
    fieldOf: (path) => CATCH_FIELD_OF[path],
  });
  const { memberChoice, eventChoice, fishType, size, fate } = form.values;
  const [accurate, setAccurate] = useState(false);
  const [waiverOpen, setWaiverOpen] = useState(false);
  const [undersizeLimit, setUndersizeLimit] = useState<number | null>(null);
  const [hoursRefusal, setHoursRefusal] = useState<FishingHoursRefusal | null>(null);
  /** The event and angler whose fishing hours are asked before their first catch of the day. */
  const [hoursFor, setHoursFor] = useState<{ eventId: string; memberId: string } | null>(null);
  const { bindInput: bindPhotoInput, ...photo } = useCatchPhoto();
  const sender = useSendCatch();
  const celebration = useCatchCelebration();
  /** One id per catch: a retry after a lost connection sends the same id, so the catch is stored once. */
  const clientId = useRef(crypto.randomUUID());

  // Sensible defaults on the riverbank, until one is chosen: the signed-in member, and today's event when there is just one.
  const ownId = profile.data?.id;
  const memberId: string = guest?.memberId ?? (memberChoice || (ownId && members.data?.some((m) => m.id === ownId) ? ownId : ''));
  const eventId: string = eventChoice || (todaysEvents.length === 1 ? todaysEvents[0].id : '');
  const chosenEvent = todaysEvents.find((e) => e.id === eventId);

  const reset = () => {
    form.setValues({ fishType: '', size: '', fate: '' });
    photo.clear();
    setAccurate(false);
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
    setAccurate(true);
  };
  // Whether the form is empty, read when a refusal comes back after the angler may have started on the next fish.
  const blank = useRef(true);
  useEffect(() => {
    blank.current = !fishType && size === '' && !fate && !photo.photo;
  });

  const sizeCm = typeof size === 'number' ? size : Number.NaN;
  /** What the last submit found missing or wrong, until each is put right. */
  const toFix = FORM_FIELDS.filter((f) => form.errors[f.field]).map((f) => f.label);

  /** The checks of SPEC §4 in their order; the dialogs call back in with what they settled. */
  const submit = (settled: { waiver?: boolean; undersize?: boolean; hours?: boolean } = {}) => {
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
    const refusal = fishingHoursRefusal(chosenEvent, user?.role === 'admin');
    setHoursRefusal(refusal);
    if (refusal) return;
    if (!photo.photo) {
      toast.error('Photo Required', 'Please take a photo of your catch.');
      return;
    }
    if (!settled.waiver && !waiverAccepted()) {
      setWaiverOpen(true);
      return;
    }
    if (!accurate) {
      toast.error('Accuracy Acknowledgment Required', 'Please confirm the accuracy of your data.');
      return;
    }
    const minimumCm = sizeLimits.data?.find((l) => l.species === fishType)?.minimumCm ?? null;
    if (!settled.undersize && minimumCm !== null && keptUnderMinimum({ fate: fields.fishKeptOrReleased, sizeCm, minimumCm })) {
      setUndersizeLimit(minimumCm);
      return;
    }
    // The day's fishing hours are asked before the first catch (a member's, with signal to record them), never after.
    const session = { eventId, memberId };
    if (!settled.hours && !guest && navigator.onLine && !hoursAlreadyAsked(session, today)) {
      setHoursFor(session);
      return;
    }
    void send(photo.photo, fields.fishKeptOrReleased);
  };

  /** Keeps the catch on the phone and sends it; the form is free for the next fish as soon as the catch is safe. */
  const send = (file: File, fateValue: Fate) => {
    const angler = guest ? { firstName: guest.name, lastName: '' } : members.data?.find((m) => m.id === memberId);
    const entry: LoggedCatch = {
      clientId: clientId.current,
      userId: guest ? `guest:${guest.memberId}` : (user?.id ?? ''),
      fishType,
      size: sizeCm,
      fishKeptOrReleased: fateValue,
      eventId,
      memberId,
      gpsCoordinates: photo.gpsToSend,
      // As taken: the sender shrinks it before the upload, so the form never waits for it.
      photo: file,
      eventName: todaysEvents.find((e) => e.id === eventId)?.name ?? '',
      anglerName: angler ? `${angler.firstName} ${angler.lastName}`.trim() : '',
      state: 'waiting',
    };
    return sender.send(entry, {
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
  };

  const options = (placeholder: string, items: { value: string; label: string }[]) => [{ value: '', label: placeholder }, ...items];
  const noEventToday = upcoming.isSuccess && todaysEvents.length === 0;

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
          <MemberPicker
            members={members.data}
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
              todaysEvents.map((e) => ({ value: e.id, label: `${e.name} · ${e.location}` })),
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
              SPECIES.map((s) => ({ value: s, label: s })),
            )}
          />
          <CatchSizeInput
            id="catch-size"
            size="lg"
            required
            value={size}
            onChange={(v) => form.setValue('size', v)}
            error={form.errors.size}
          />
          <FateRadios id="catch-fate" required value={fate} onChange={(v) => form.setValue('fate', v)} error={form.errors.fate} />
          <div>
            <Text size="sm" fw={500} component="label" htmlFor="catch-photo">
              Photo{' '}
              <Text span c="red">
                *
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              On the brag mat, with the club code in the picture.
            </Text>
            <input
              key={photo.inputKey}
              ref={bindPhotoInput}
              id="catch-photo"
              type="file"
              accept="image/*"
              capture="environment"
              style={{ display: 'block', marginTop: 6, width: '100%', minHeight: 44, padding: '8px 0' }}
              onChange={(e) => photo.choose(e.currentTarget.files?.[0] ?? null)}
            />
            {photo.previewUrl && (
              <img
                src={photo.previewUrl}
                alt="The chosen photo"
                width={160}
                height={120}
                style={{ display: 'block', marginTop: 8, objectFit: 'cover', borderRadius: 6 }}
              />
            )}
            {photo.gps && (
              <Text size="xs" c="dimmed" mt={4} data-testid="catch-gps">
                GPS: {photo.gps}
              </Text>
            )}
          </div>
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
        fishType={fishType}
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
    </Card>
  );
}
