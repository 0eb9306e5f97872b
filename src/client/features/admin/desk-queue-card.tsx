import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatClubTime } from '../../../shared/dates';
import { isUnsent, type QueuedDeskTap } from './desk-queue';

/** Whether the device says it has a network, kept up to date. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * What the desk did that the club does not have yet, in the order it was done: waiting taps with 'Send now', and the
 * ones the club refused or had already from another desk, with its sentence, until they are read.
 */
export function DeskQueueCard({
  queued,
  onSendNow,
  onDismiss,
}: {
  queued: QueuedDeskTap[];
  onSendNow: () => void;
  onDismiss: (key: string) => void;
}) {
  const online = useOnline();
  const waiting = queued.filter(isUnsent);
  const told = queued.filter((q) => !isUnsent(q));
  if (!queued.length) return null;
  return (
    <Card withBorder padding="sm" data-testid="desk-queue" bg={waiting.length ? 'yellow.0' : undefined}>
      <Stack gap={6}>
        {waiting.length > 0 && (
          <>
            <Text fw={600}>Waiting to send ({waiting.length})</Text>
            <Text size="sm">
              {online && !waiting.some((q) => (q.attempts ?? 0) > 0)
                ? 'On its way to the club: kept on this device until the club has it.'
                : 'No signal: kept on this device and sent once, by itself, when the signal returns.'}
            </Text>
            {waiting.map((q) => (
              <Text key={q.key} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {formatClubTime(q.tappedAt)} · {q.label}
                {q.state === 'sending' ? ' (sending…)' : ''}
              </Text>
            ))}
            <Group>
              <Button mih={44} variant="light" onClick={onSendNow}>
                Send now
              </Button>
            </Group>
          </>
        )}
        {told.map((q) => (
          <Alert
            key={q.key}
            color={q.state === 'noted' ? 'blue' : 'red'}
            title={q.state === 'noted' ? `Done at another desk: ${q.label}` : `Not done: ${q.label}`}
          >
            <Stack gap="xs">
              <Text size="sm">{q.error}</Text>
              <Group>
                <Button mih={44} variant="default" onClick={() => onDismiss(q.key)} aria-label={`Dismiss: ${q.label}`}>
                  Dismiss
                </Button>
              </Group>
            </Stack>
          </Alert>
        ))}
      </Stack>
    </Card>
  );
}
