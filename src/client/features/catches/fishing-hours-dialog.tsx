import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../components/toast';
import { useTRPC } from '../../trpc';

interface Session {
  eventId: string;
  memberId: string;
}

const askedKey = (s: Session, day: string) => `tcac.hoursAsked.${day}.${s.eventId}.${s.memberId}`;

/** True once the angler has recorded or skipped the hours for this event today, so a second catch does not ask again. */
export function hoursAlreadyAsked(session: Session, day: string): boolean {
  return localStorage.getItem(askedKey(session, day)) === 'true';
}

/** 'Daily Fishing Hours': optional; hours are posted only when a value is entered. */
export function FishingHoursDialog({ session, today, onClose }: { session: Session | null; today: string; onClose: () => void }) {
  const trpc = useTRPC();
  const [hours, setHours] = useState<number | string>('');
  const logSession = useMutation(trpc.catches.logSession.mutationOptions());

  const close = () => {
    if (session) localStorage.setItem(askedKey(session, today), 'true');
    setHours('');
    onClose();
  };
  const record = () => {
    if (session && typeof hours === 'number') {
      const value = hours;
      logSession.mutate(
        { ...session, hoursSpent: value, sessionDate: today },
        {
          onSuccess: () => toast.success('Fishing Hours Recorded', `${value} hours logged for today.`),
          onError: (error) => console.error('Could not record the fishing hours', error),
        },
      );
    }
    close();
  };

  return (
    <Modal opened={session !== null} onClose={close} title="Daily Fishing Hours" centered>
      <Stack gap="sm">
        <Text size="sm">How many hours have you fished today? This helps the club report fishing effort.</Text>
        <NumberInput
          label="Hours fished today"
          min={0}
          max={24}
          step={0.5}
          decimalScale={1}
          allowNegative={false}
          clampBehavior="strict"
          inputMode="decimal"
          value={hours}
          onChange={setHours}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Skip
          </Button>
          <Button color="teal" onClick={record}>
            Record Hours
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
