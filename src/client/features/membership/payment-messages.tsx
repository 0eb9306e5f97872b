import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { formatAuDate } from '../../../shared/dates';
import { membershipLabels, membershipYearText } from '../../../shared/membership';
import type { PaymentDetails } from '../../components/join-dialog';
import { useMembershipRules } from '../../lib/membership-rules';
import { PAYMENT_FAILED_INLINE } from './payment-texts';
import type { PaymentPanelState } from './use-payment-panel';

/** Who is paying, for what (a year from paying, or the club's fixed membership year), and how much. */
export function PaymentSummary({ details, earlyRenewal }: { details: PaymentDetails; earlyRenewal: boolean }) {
  const rules = useMembershipRules();
  const term = rules.year.kind === 'fromJoining' ? 'one year' : `the year ${membershipYearText(rules)}`;
  return (
    <Stack gap={4}>
      <Text fw={600}>{details.names.join(', ')}</Text>
      <Text size="sm" c="dimmed">
        {details.addition
          ? `Added to your membership until ${formatAuDate(details.addition.until)}${details.addition.becomesFamily ? ', which becomes a family membership' : ''}`
          : `${membershipLabels(rules)[details.membershipType]} membership, ${term}${earlyRenewal ? ' (early renewal)' : ''}`}
      </Text>
      <Text fz="xl" fw={700}>
        ${details.amount} AUD
      </Text>
    </Stack>
  );
}

/** The last attempt's failure or refusal, and the capture under way. */
export function PaymentMessages({ state }: { state: PaymentPanelState }) {
  const { failure, refusal, earlyRenewal, setEarlyRenewal, setRefusal, capturing } = state;
  return (
    <>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{PAYMENT_FAILED_INLINE}</Text>
          {failure.detail && (
            <Text size="sm" mt={4}>
              {failure.detail}
            </Text>
          )}
        </Alert>
      )}
      {refusal && (
        <Alert color="orange" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{refusal.message}</Text>
            {refusal.earlyRenewal && !earlyRenewal && (
              <Button
                size="sm"
                variant="default"
                onClick={() => {
                  setEarlyRenewal(true);
                  setRefusal(null);
                }}
              >
                Renew early
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {capturing && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm" role="status">
            {capturing === 'retrying' ? 'Still confirming your payment: the answer is taking a while…' : 'Confirming your payment…'}
          </Text>
        </Group>
      )}
    </>
  );
}
