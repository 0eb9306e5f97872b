import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { MEMBER_PAYMENT_STATE_LABELS, type MemberPaymentState } from '../../../shared/member-payments.schema';
import { formatAud, parseAmountCents } from '../../../shared/membership';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';

const STATE_COLOURS: Record<MemberPaymentState, string> = {
  paid: 'green',
  part_refunded: 'yellow',
  refunded: 'gray',
  refund: 'blue',
  pending: 'yellow',
  failed: 'red',
};

/** '-15.00' → '-$15.00'. */
const amountText = (amount: string) => {
  const negative = amount.startsWith('-');
  const cents = parseAmountCents(negative ? amount.slice(1) : amount) ?? 0;
  return formatAud(negative ? -cents : cents);
};

/** The household's payments: date, what for, amount, status, and a PDF receipt for each payment received. */
export function PaymentsHistory() {
  const trpc = useTRPC();
  const payments = useQuery(trpc.memberPayments.history.queryOptions());
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payments-heading">
      <Title order={3} id="payments-heading" mb="sm">
        Payments
      </Title>
      <QueryState
        query={payments}
        loading="Loading your payments..."
        failure="Could not load your payments."
        keepData
        isEmpty={payments.data?.length === 0}
        empty="No payments yet."
      >
        {(list) => (
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((p) => (
              <li key={p.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {p.description}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatAuDate(clubToday(new Date(p.date)))}
                      {p.method ? ` · ${p.method}` : ''}
                    </Text>
                    {p.receiptUrl && (
                      <Anchor href={p.receiptUrl} target="_blank" rel="noopener" size="sm" py={10} style={{ display: 'inline-block' }}>
                        Receipt (PDF)
                      </Anchor>
                    )}
                  </Stack>
                  <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text fw={700}>{amountText(p.amount)}</Text>
                    <Badge color={STATE_COLOURS[p.state]} variant="light">
                      {MEMBER_PAYMENT_STATE_LABELS[p.state]}
                    </Badge>
                  </Stack>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
