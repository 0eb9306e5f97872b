import { Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CATCH_FLAG_LABELS, CATCH_FLAGS } from '../../../shared/catches';
import type { CatchFlag } from '../../../shared/catches.schema';
import { clubToday, formatAuDate, formatClubDateTime } from '../../../shared/dates';
import { JUDGED_PAGE_SIZE, type JudgedCatchView, type JudgedSearchInput } from '../../../shared/judging.schema';
import { useTRPC } from '../../trpc';
import { DisqualifyDialog, LiftSuspensionDialog, ReinstateDialog, ReopenDialog, SuspendDialog } from './fair-play-dialogs';
import { JudgeFlags } from './judge-flags';
import { PagedList, useListSearch } from './paged-list';

type Verdict = '' | 'verified' | 'rejected';
type Dialog = 'reopen' | 'disqualify' | 'reinstate' | 'suspend' | 'lift';

/** The verdict as the judges say it: approved (as logged or corrected) or rejected. */
function verdictOf(item: JudgedCatchView): { label: string; color: string } {
  if (item.status === 'rejected') return { label: 'Rejected', color: 'red' };
  return item.correctedFrom ? { label: 'Approved, corrected', color: 'teal' } : { label: 'Approved', color: 'green' };
}

function Line({ children, c }: { children: ReactNode; c?: string }) {
  return (
    <Text size="sm" c={c} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/** The catch's thumbnail (opening the full photo), the fish, the angler and the event. */
function JudgedCatchSummary({ item }: { item: JudgedCatchView }) {
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <Anchor
        href={item.photoUrl}
        target="_blank"
        rel="noopener noreferrer"
        title="Open the full-size photo in a new tab"
        style={{ flex: 'none' }}
      >
        <img
          src={item.thumbnailUrl}
          alt={`Catch photo: ${item.fishType} by ${item.anglerName}`}
          width={88}
          height={66}
          loading="lazy"
          style={{ display: 'block', objectFit: 'cover', borderRadius: 6, background: 'var(--mantine-color-gray-1)' }}
        />
      </Anchor>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {item.fishType} · {item.size} cm · {item.fishKeptOrReleased === 'kept' ? 'Kept' : 'Released'}
        </Text>
        <Line>{item.anglerName}</Line>
        <Line c="dimmed">{item.eventName}</Line>
      </Stack>
    </Group>
  );
}

/** The verdict, and whether the catch is disqualified or its angler suspended. */
function VerdictBadges({ item }: { item: JudgedCatchView }) {
  const verdict = verdictOf(item);
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={verdict.color} variant="light" style={{ textTransform: 'none' }}>
        {verdict.label}
      </Badge>
      {item.disqualified && (
        <Badge color="red" variant="filled" style={{ textTransform: 'none' }}>
          Disqualified from this event
        </Badge>
      )}
      {item.anglerSuspendedUntil && (
        <Badge color="red" variant="outline" style={{ textTransform: 'none' }}>
          Suspended until {formatAuDate(item.anglerSuspendedUntil)}
        </Badge>
      )}
    </Group>
  );
}

/** What can follow a verdict: reopen it, disqualify or reinstate the catch, suspend the angler or lift it. */
function FairPlayButtons({ item, onOpen }: { item: JudgedCatchView; onOpen: (dialog: Dialog) => void }) {
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      <Button size="xs" variant="light" onClick={() => onOpen('reopen')} aria-label={`Reopen ${item.fishType} by ${item.anglerName}`}>
        Reopen
      </Button>
      {item.disqualified ? (
        <Button size="xs" variant="light" onClick={() => onOpen('reinstate')}>
          Reinstate
        </Button>
      ) : (
        <Button size="xs" variant="light" color="red" onClick={() => onOpen('disqualify')}>
          Disqualify from this event
        </Button>
      )}
      {item.anglerSuspendedUntil ? (
        <Button size="xs" variant="light" onClick={() => onOpen('lift')}>
          Lift suspension
        </Button>
      ) : (
        <Button size="xs" variant="light" color="red" onClick={() => onOpen('suspend')}>
          Suspend member
        </Button>
      )}
    </Group>
  );
}

/** The open fair-play dialog, if any. */
function FairPlayDialog({ dialog, item, onClose }: { dialog: Dialog | null; item: JudgedCatchView; onClose: () => void }) {
  if (dialog === 'reopen') return <ReopenDialog item={item} onClose={onClose} />;
  if (dialog === 'disqualify') return <DisqualifyDialog item={item} onClose={onClose} />;
  if (dialog === 'reinstate') return <ReinstateDialog item={item} onClose={onClose} />;
  if (dialog === 'suspend') return <SuspendDialog item={item} onClose={onClose} />;
  if (dialog === 'lift' && item.anglerSuspendedUntil) {
    return (
      <LiftSuspensionDialog member={{ id: item.anglerId, name: item.anglerName, until: item.anglerSuspendedUntil }} onClose={onClose} />
    );
  }
  return null;
}

/** One decided catch: the thumbnail, the fish, angler and event, the verdict with who and when, and what can follow. */
function JudgedCard({ item }: { item: JudgedCatchView }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="article"
      data-testid="judged-catch"
      aria-label={`${item.fishType} by ${item.anglerName}`}
    >
      <JudgedCatchSummary item={item} />

      <Stack gap={6} mt="sm">
        <VerdictBadges item={item} />
        <Line c="dimmed">
          {item.verifiedByName ? `By ${item.verifiedByName}` : 'By a judge no longer on the site'}
          {item.verifiedAt ? `, ${formatClubDateTime(item.verifiedAt)}` : ''}
        </Line>
        {item.correctedFrom && (
          <Line>
            Logged as {item.correctedFrom.fishType}, {item.correctedFrom.size} cm
          </Line>
        )}
        {item.rejectReason && <Line>Reason: {item.rejectReason}</Line>}
        {item.disqualified && <Line>Disqualified: {item.disqualified.reason}</Line>}
        <JudgeFlags flags={item.flags} />
        <FairPlayButtons item={item} onOpen={setDialog} />
      </Stack>

      <FairPlayDialog dialog={dialog} item={item} onClose={() => setDialog(null)} />
    </Card>
  );
}

/** 'Judged': decided catches, newest decision first, filtered by event, verdict and flag, a page at a time. */
export function JudgedList() {
  const trpc = useTRPC();
  const { page, setPage, filter } = useListSearch();
  const [eventId, setEventId] = useState('');
  const [status, setStatus] = useState<Verdict>('');
  const [flag, setFlag] = useState<'' | CatchFlag>('');
  const events = useQuery(trpc.admin.events.list.queryOptions());

  const input: JudgedSearchInput = {
    ...(eventId ? { eventId } : {}),
    ...(status ? { status } : {}),
    ...(flag ? { flag } : {}),
    page,
    pageSize: JUDGED_PAGE_SIZE,
  };
  const list = useQuery({ ...trpc.admin.catches.judged.queryOptions(input), placeholderData: keepPreviousData });

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Event"
          value={eventId}
          onChange={(e) => filter(setEventId)(e.currentTarget.value)}
          data={[
            { value: '', label: 'All events' },
            ...(events.data ?? []).map((e) => ({ value: e.id, label: `${e.name} (${formatAuDate(clubToday(new Date(e.eventDate)))})` })),
          ]}
          style={{ flex: '1 1 220px', minWidth: 0 }}
        />
        <NativeSelect
          label="Verdict"
          value={status}
          onChange={(e) => filter(setStatus)(e.currentTarget.value as Verdict)}
          data={[
            { value: '', label: 'All verdicts' },
            { value: 'verified', label: 'Approved' },
            { value: 'rejected', label: 'Rejected' },
          ]}
          style={{ flex: '1 1 140px' }}
        />
        <NativeSelect
          label="Flag"
          value={flag}
          onChange={(e) => filter(setFlag)(e.currentTarget.value as '' | CatchFlag)}
          data={[{ value: '', label: 'Any flags' }, ...CATCH_FLAGS.map((f) => ({ value: f, label: CATCH_FLAG_LABELS[f] }))]}
          style={{ flex: '1 1 200px', minWidth: 0 }}
        />
      </Group>
      <PagedList
        list={list}
        loading="Loading judged catches..."
        failure="Could not load the judged catches. Please try again later."
        empty={eventId || status || flag ? 'No judged catches match these filters.' : 'No catches judged yet.'}
        pagesLabel="Judged catch pages"
        onPage={setPage}
      >
        {(data) => (
          <Stack gap="sm">
            {data.rows.map((item) => (
              <JudgedCard key={item.id} item={item} />
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
}
