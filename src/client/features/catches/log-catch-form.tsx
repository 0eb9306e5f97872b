import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Radio,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type Achievement, achievementFor, type Fate, SPECIES, type Species } from '../../../shared/catches';
import { GPS_UNAVAILABLE } from '../../../shared/catches.schema';
import { clubToday } from '../../../shared/dates';
import { CLUB_DOCUMENTS } from '../../../shared/documents';
import { toast } from '../../components/toast';
import { UploadProgress } from '../../components/uploads/upload-progress';
import { useTRPC } from '../../trpc';
import { useClubToday } from '../../lib/clock';
import { useAuth } from '../../lib/use-auth';
import { AchievementPopup } from './achievement-popup';
import { ClubCodeNotice } from './club-code-notice';
import { playAchievementSound, saveAchievement } from './device-achievements';
import { FishingHoursDialog, hoursAlreadyAsked } from './fishing-hours-dialog';
import { currentGpsText, shrinkPhoto } from './photo';
import { putQueued, removeQueued, type QueuedCatch } from './catch-queue';
import { sendQueued, type SendOutcome } from './catch-sender';

export const ACCURACY_TEXT = 'I confirm that all information provided is accurate and truthful to the best of my knowledge.';
const LOCATING = 'Getting location...';
const WAIVER_KEY = 'tcac.waiverAccepted';
const WAIVER_TEXT = ['waiver', 'competition_rules'].map((id) => CLUB_DOCUMENTS.find((d) => d.id === id)!);

/** 'Log Your Catch' (SPEC §2.10, §4): the catch form with its checks in order, the upload and the celebrations. */
export function LogCatchForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const profile = useQuery(trpc.members.profile.queryOptions());
  // The members list is for members in good standing (and the committee).
  const members = useQuery({ ...trpc.members.list.queryOptions(), enabled: profile.data?.status === 'active' || user?.role === 'admin' });
  const upcoming = useQuery(trpc.events.upcoming.queryOptions());
  const sizeLimits = useQuery(trpc.catches.sizeLimits.queryOptions());

  const today = useClubToday();
  const todaysEvents = (upcoming.data ?? []).filter((e) => clubToday(new Date(e.eventDate)) === today);

  const [memberChoice, setMemberId] = useState('');
  const [eventChoice, setEventId] = useState('');
  const [fishType, setFishType] = useState('');
  const [size, setSize] = useState<number | string>('');
  const [fate, setFate] = useState<Fate | ''>('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [gps, setGps] = useState<string | null>(null);
  const [accurate, setAccurate] = useState(false);
  const [waiverOpen, setWaiverOpen] = useState(false);
  const [undersizeLimit, setUndersizeLimit] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [achievement, setAchievement] = useState<Achievement | null>(null);
  const [hoursFor, setHoursFor] = useState<{ eventId: string; memberId: string } | null>(null);
  const [hoursPending, setHoursPending] = useState<{ eventId: string; memberId: string } | null>(null);
  const [photoInputKey, setPhotoInputKey] = useState(0);
  const gpsRequest = useRef(0);
  /** One id per catch: a retry after a lost connection sends the same id, so the catch is stored once. */
  const clientId = useRef(crypto.randomUUID());

  // Sensible defaults on the riverbank, until one is chosen: the signed-in member, and today's event when there is just one.
  const ownId = profile.data?.id;
  const memberId = memberChoice || (ownId && members.data?.some((m) => m.id === ownId) ? ownId : '');
  const eventId = eventChoice || (todaysEvents.length === 1 ? todaysEvents[0].id : '');

  const choosePhoto = (file: File | null) => {
    setPhoto(file);
    const request = ++gpsRequest.current;
    if (!file) return setGps(null);
    setGps(LOCATING);
    void currentGpsText().then((text) => {
      if (gpsRequest.current === request) setGps(text);
    });
  };

  const reset = () => {
    setFishType('');
    setSize('');
    setFate('');
    setPhoto(null);
    setGps(null);
    setAccurate(false);
    setProgress(0);
    setPhotoInputKey((k) => k + 1);
    gpsRequest.current++;
    clientId.current = crypto.randomUUID();
  };

  const sizeCm = typeof size === 'number' ? size : Number.NaN;

  /** The checks of SPEC §4 in their order; the dialogs call back in with what they settled. */
  const submit = (settled: { waiver?: boolean; undersize?: boolean } = {}) => {
    if (!fishType || !(sizeCm > 0) || !fate || !memberId || !eventId) {
      toast.error('Missing Information', 'Please fill in all required fields.');
      return;
    }
    if (!photo) {
      toast.error('Photo Required', 'Please take a photo of your catch.');
      return;
    }
    if (!settled.waiver && localStorage.getItem(WAIVER_KEY) !== 'true') {
      setWaiverOpen(true);
      return;
    }
    if (!accurate) {
      toast.error('Accuracy Acknowledgment Required', 'Please confirm the accuracy of your data.');
      return;
    }
    const minimum = sizeLimits.data?.find((l) => l.species === fishType)?.minimumCm ?? null;
    if (!settled.undersize && fate === 'kept' && minimum !== null && sizeCm < minimum) {
      setUndersizeLimit(minimum);
      return;
    }
    void send(photo, fate);
  };

  /**
   * The catch is kept on the phone first (photo, GPS and the moment it was logged), then sent: without
   * signal it waits in the queue and sends by itself later, so a catch is never lost.
   */
  const send = async (file: File, fateValue: Fate) => {
    const attempt = { eventId, memberId };
    setUploading(true);
    setProgress(0);
    let earned: Achievement | null = null;
    let online = navigator.onLine;
    try {
      const angler = members.data?.find((m) => m.id === memberId);
      const entry: QueuedCatch = {
        clientId: clientId.current,
        loggedAt: new Date().toISOString(),
        userId: user?.id ?? '',
        fishType,
        size: sizeCm,
        fishKeptOrReleased: fateValue,
        eventId,
        memberId,
        gpsCoordinates: gps && gps !== LOCATING ? gps : GPS_UNAVAILABLE,
        photo: await shrinkPhoto(file),
        eventName: todaysEvents.find((e) => e.id === eventId)?.name ?? '',
        anglerName: angler ? `${angler.firstName} ${angler.lastName}` : '',
        state: online ? 'sending' : 'waiting',
        sendingSince: new Date().toISOString(),
      };
      const queued = await putQueued(entry).then(
        () => true,
        () => false,
      );
      const outcome: SendOutcome = !online && queued ? { kind: 'offline' } : await sendQueued(entry, setProgress);
      online = outcome.kind === 'sent' || outcome.kind === 'refused';
      if (outcome.kind === 'sent') {
        earned = outcome.result.achievement;
        toast.success('Success', 'Fish catch logged successfully!');
        void queryClient.invalidateQueries({ queryKey: trpc.catches.mine.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.members.dashboard.queryKey() });
      } else if (outcome.kind === 'refused') {
        // The member is here to fix the form: the refused catch leaves the queue, the next try is a new catch.
        await removeQueued(entry.clientId).catch(() => undefined);
        clientId.current = crypto.randomUUID();
        toast.error('Error', outcome.message);
      } else if (!queued) {
        toast.error('Error', 'Failed to log fish catch. Please try again.');
      } else {
        earned = achievementFor({ fishType: entry.fishType as Species, sizeCm: entry.size, fate: entry.fishKeptOrReleased });
        toast.info(
          'Waiting to send',
          outcome.kind === 'signed-out'
            ? 'Your session has ended: the catch is saved on this phone and sends once you sign in again.'
            : 'No signal right now: the catch is saved on this phone and sends by itself when you are back online.',
        );
      }
      if (earned) {
        reset();
        saveAchievement(earned);
        setAchievement(earned);
        playAchievementSound(earned.rarity);
      }
    } catch (error) {
      console.error('Catch could not be logged', error);
      toast.error('Error', 'Failed to log fish catch. Please try again.');
    } finally {
      setUploading(false);
    }
    // After a submit attempt the hours dialog opens (SPEC §4): once per event and angler a day, after any
    // celebration; without signal it waits for a catch logged online.
    if (online && !hoursAlreadyAsked(attempt, today)) {
      if (earned) setHoursPending(attempt);
      else setHoursFor(attempt);
    }
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
          <NativeSelect
            label="Member"
            required
            value={memberId}
            onChange={(e) => setMemberId(e.currentTarget.value)}
            data={options(
              'Select member',
              (members.data ?? []).map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` })),
            )}
          />
          {noEventToday && (
            <Alert variant="light" color="gray">
              There is no club event today. Catches are logged on the day of an event.
            </Alert>
          )}
          <NativeSelect
            label="Event"
            required
            value={eventId}
            disabled={noEventToday}
            onChange={(e) => setEventId(e.currentTarget.value)}
            data={options(
              'Select event',
              todaysEvents.map((e) => ({ value: e.id, label: `${e.name} · ${e.location}` })),
            )}
          />
          {eventId && <ClubCodeNotice eventId={eventId} />}
          <NativeSelect
            label="Species"
            required
            value={fishType}
            onChange={(e) => setFishType(e.currentTarget.value)}
            data={options(
              'Select species',
              SPECIES.map((s) => ({ value: s, label: s })),
            )}
          />
          <NumberInput
            label="Size (cm)"
            required
            min={0}
            step={0.1}
            decimalScale={1}
            allowNegative={false}
            inputMode="decimal"
            value={size}
            onChange={setSize}
          />
          <Radio.Group label="Kept or Released" required value={fate} onChange={(v) => setFate(v as Fate)}>
            <Group gap="lg" mt={4}>
              <Radio value="kept" label="Kept" />
              <Radio value="released" label="Released" />
            </Group>
          </Radio.Group>
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
              key={photoInputKey}
              id="catch-photo"
              type="file"
              accept="image/*"
              capture="environment"
              style={{ display: 'block', marginTop: 6, maxWidth: '100%' }}
              onChange={(e) => choosePhoto(e.currentTarget.files?.[0] ?? null)}
            />
            {gps && (
              <Text size="xs" c="dimmed" mt={4} data-testid="catch-gps">
                GPS: {gps}
              </Text>
            )}
          </div>
          <Checkbox label={ACCURACY_TEXT} checked={accurate} onChange={(e) => setAccurate(e.currentTarget.checked)} />
          {uploading && <UploadProgress value={progress} animated />}
          <Button type="submit" color="teal" size="md" loading={uploading} loaderProps={{ type: 'dots' }}>
            Submit Catch
          </Button>
        </Stack>
      </form>

      <Modal opened={waiverOpen} onClose={() => setWaiverOpen(false)} title="Competition Rules & Waiver" centered size="lg">
        <Stack gap="sm">
          <ScrollArea.Autosize
            mah="50vh"
            type="auto"
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Competition rules and waiver' }}
          >
            {WAIVER_TEXT.map((doc) => (
              <Stack key={doc.id} gap={4} mb="sm">
                <Text fw={700}>{doc.title}</Text>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {doc.content}
                </Text>
              </Stack>
            ))}
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWaiverOpen(false)}>
              Cancel
            </Button>
            <Button
              color="teal"
              onClick={() => {
                localStorage.setItem(WAIVER_KEY, 'true');
                setWaiverOpen(false);
                submit({ waiver: true });
              }}
            >
              Accept &amp; Continue
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={undersizeLimit !== null} onClose={() => setUndersizeLimit(null)} title="Under the Legal Minimum Length" centered>
        <Stack gap="sm">
          <Text size="sm">
            A kept {fishType.toLowerCase()} must be at least {undersizeLimit} cm in NSW. This one is {sizeCm} cm: please release it, or
            check the size.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setUndersizeLimit(null)}>
              Go Back
            </Button>
            <Button
              color="orange"
              onClick={() => {
                setUndersizeLimit(null);
                submit({ waiver: true, undersize: true });
              }}
            >
              Submit Anyway
            </Button>
          </Group>
        </Stack>
      </Modal>

      <AchievementPopup
        achievement={achievement}
        onClose={() => {
          setAchievement(null);
          if (hoursPending) setHoursFor(hoursPending);
          setHoursPending(null);
        }}
      />
      <FishingHoursDialog session={hoursFor} today={today} onClose={() => setHoursFor(null)} />
    </Card>
  );
}
