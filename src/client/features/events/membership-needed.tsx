import { Alert, Button, Stack, Text } from '@mantine/core';
import type { MemberProfile } from '../../../shared/members.schema';
import { householdPayment, useJoinDialog } from '../../components/join-dialog';

/** Why this person cannot register for events yet (the club registers paid-up members only). */
export type Gate = { kind: 'join' } | { kind: 'pay' | 'processing' | 'renew'; profile: MemberProfile };

export function gateFor(profile: MemberProfile | null): Gate | null {
  if (!profile) return { kind: 'join' };
  if (profile.status === 'active') return null;
  if (profile.paymentState === 'awaiting_payment') return { kind: 'pay', profile };
  if (profile.paymentState === 'processing') return { kind: 'processing', profile };
  return { kind: 'renew', profile };
}

/** Says that registering needs a paid-up membership, with the way to get there (instead of Register buttons that fail). */
export function MembershipNeeded({ gate }: { gate: Gate }) {
  const { openJoin, openPayment } = useJoinDialog();
  const reason =
    gate.kind === 'join'
      ? 'You are not a member of the club yet.'
      : gate.kind === 'pay'
        ? 'Your registration is waiting for payment.'
        : gate.kind === 'processing'
          ? 'PayPal is still processing your payment; you can register as soon as it is released.'
          : gate.profile.status === 'expired'
            ? 'Your membership has expired.'
            : 'Your membership is not active.';
  return (
    <Alert color="yellow" variant="light" title="Paid-up membership needed" data-testid="membership-needed">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Registering for events needs a paid-up club membership. {reason}</Text>
        {gate.kind === 'join' && (
          <Button color="teal" onClick={() => openJoin()}>
            Join the Club
          </Button>
        )}
        {gate.kind === 'pay' && <Button onClick={() => openPayment(householdPayment(gate.profile))}>Complete payment</Button>}
        {gate.kind === 'renew' && <Button onClick={() => openPayment(householdPayment(gate.profile))}>Renew Membership</Button>}
      </Stack>
    </Alert>
  );
}
