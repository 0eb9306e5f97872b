import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatAuDate } from '../../../shared/dates';
import type { CaptureResult } from '../../../shared/members.schema';
import type { PaymentDetails } from '../../components/join-dialog';
import { useAuth } from '../../lib/use-auth';
import { PAYMENT_PENDING_TEXT } from './payment-texts';

/** The payment went through: until when the membership runs, and where the receipt went. */
export function PaymentSuccess({ details, result, onDone }: { details: PaymentDetails; result: CaptureResult; onDone: () => void }) {
  const { user } = useAuth();
  const email = details.email?.trim() || null;
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <Title order={3}>Payment Successful!</Title>
      <Text>Your membership is now active until {result.membership.expiryDate ? formatAuDate(result.membership.expiryDate) : 'N/A'}.</Text>
      <Text>
        {user
          ? `A receipt is on its way to ${email ?? 'your e-mail'}.`
          : `A receipt is on its way to ${email ?? 'your e-mail'}, with a link that signs you in to the member portal.`}
      </Text>
      <Button onClick={onDone}>Continue</Button>
    </Stack>
  );
}

/** PayPal is holding the payment: the panel keeps asking until it is released. */
export function PaymentPending({ onDone }: { onDone: () => void }) {
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <Title order={3}>Payment pending</Title>
      <Text>{PAYMENT_PENDING_TEXT}</Text>
      <Group gap="xs" justify="center">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed" role="status">
          Checking with PayPal every few seconds…
        </Text>
      </Group>
      <Button variant="default" onClick={onDone}>
        Close
      </Button>
    </Stack>
  );
}
