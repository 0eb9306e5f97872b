import { Alert, Badge, Button, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { formatAuDate } from '../../shared/dates';
import { formatAud } from '../../shared/membership';
import { INVOICE_STATUS_LABELS, seasonEnd, seasonStart, type InvoiceStatus, type PayLinkInvoice } from '../../shared/sponsors.schema';
import { SectionLoader } from '../components/full-screen-loader';
import { toast } from '../components/toast';
import { serverMessage } from '../lib/errors';
import { PayPalButton } from '../components/paypal-button';
import { useTRPC } from '../trpc';

const STATUS_COLOURS: Record<InvoiceStatus, string> = { unpaid: 'orange', pending: 'blue', paid: 'green', void: 'gray' };
const PAYMENT_FAILED = 'Payment failed. Please try again or contact support if the issue persists.';
const dollars = (amount: string) => formatAud(Math.round(Number(amount) * 100));

/**
 * /sponsor/pay?token=…: the page of the pay link in a sponsor's invoice e-mail. It shows the season's invoice and
 * takes the payment online (PayPal, or the demo provider on a site without PayPal); the link's secret is the key.
 */
export function SponsorPayPage() {
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const trpc = useTRPC();
  const invoice = useQuery({ ...trpc.sponsorships.invoice.queryOptions({ token }), enabled: token.length > 0 });

  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Sponsorship invoice
        </Title>
        {!token ? (
          <Alert color="red" title="Incomplete pay link">
            This page needs the pay link from your e-mail. Please open the link from the e-mail again.
          </Alert>
        ) : invoice.isPending ? (
          <SectionLoader label="Loading your invoice..." />
        ) : invoice.isError ? (
          <Alert color="red" title="We could not open this invoice">
            {serverMessage(invoice.error) ?? 'Please try again later, or contact the club.'}
          </Alert>
        ) : (
          <InvoiceCard token={token} invoice={invoice.data} />
        )}
      </Stack>
    </Container>
  );
}

function InvoiceCard({ token, invoice }: { token: string; invoice: PayLinkInvoice }) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.cms.settings.queryOptions());
  const contactEmail = settings.data?.contactEmail;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {invoice.companyName}
          </Title>
          <Badge color={STATUS_COLOURS[invoice.status]} variant="light" size="lg">
            {INVOICE_STATUS_LABELS[invoice.status]}
          </Badge>
        </Group>
        <Text>{invoice.packageLabel}</Text>
        <Text size="sm" c="dimmed">
          Season {invoice.season}: {formatAuDate(seasonStart(invoice.season))} to {formatAuDate(seasonEnd(invoice.season))}
        </Text>
        <Text fz={28} fw={700} data-testid="invoice-amount">
          {dollars(invoice.amount)}{' '}
          <Text span size="sm" c="dimmed" fw={400}>
            {invoice.currency}
          </Text>
        </Text>

        {invoice.status === 'paid' && (
          <Alert color="green" title="Paid, thank you!">
            {invoice.paidOn ? `We received your payment on ${formatAuDate(invoice.paidOn)}. ` : ''}Your receipt was sent by e-mail.
          </Alert>
        )}
        {invoice.status === 'pending' && (
          <Alert color="blue" title="Payment pending">
            PayPal is still processing your payment, so there is nothing more to pay. We will e-mail your receipt when PayPal releases it.
          </Alert>
        )}
        {invoice.status === 'void' && (
          <Alert color="gray" title="Invoice cancelled">
            The club cancelled this invoice, so it cannot be paid. Please contact the club if you think this is a mistake.
          </Alert>
        )}
        {invoice.status === 'unpaid' && <PayOnline token={token} invoice={invoice} />}
        {invoice.status === 'unpaid' && (
          <Text size="sm" c="dimmed">
            Prefer a bank transfer? {contactEmail ? `Write to ${contactEmail}` : 'Write to the club'} and the committee will send you the
            club&apos;s bank details; they record your payment when it arrives.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Paying the invoice online: the order, its capture, and what went wrong. */
function usePayOnline(token: string, invoice: PayLinkInvoice) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const setup = useQuery({ ...trpc.payments.setup.queryOptions(), enabled: invoice.payOnline === 'paypal' });
  const createOrder = useMutation(trpc.sponsorships.createOrder.mutationOptions());
  const capture = useMutation(trpc.sponsorships.capture.mutationOptions());
  const busy = createOrder.isPending || capture.isPending;

  const paid = async (orderId: string) => {
    setFailure(null);
    try {
      const outcome = await capture.mutateAsync({ token, orderId });
      queryClient.setQueryData(trpc.sponsorships.invoice.queryKey({ token }), outcome);
      if (outcome.status === 'paid')
        toast.success('Payment Successful!', 'Thank you for sponsoring the club. Your receipt is on its way by e-mail.');
    } catch (error) {
      setFailure(serverMessage(error) ?? PAYMENT_FAILED);
      await queryClient.invalidateQueries({ queryKey: trpc.sponsorships.invoice.queryKey({ token }) });
    }
  };
  const newOrder = async () => {
    setFailure(null);
    try {
      return (await createOrder.mutateAsync({ token })).id;
    } catch (error) {
      setFailure(serverMessage(error) ?? PAYMENT_FAILED);
      throw error;
    }
  };
  return { failure, setFailure, setup, busy, paid, newOrder };
}

/** Online payment of exactly the invoice: the demo button, PayPal's button, or a note when neither is available. */
function PayOnline({ token, invoice }: { token: string; invoice: PayLinkInvoice }) {
  const { failure, setFailure, setup, busy, paid, newOrder } = usePayOnline(token, invoice);
  return (
    <Stack gap="sm">
      {failure && (
        <Alert color="red" title="Payment Failed">
          {failure}
        </Alert>
      )}
      {invoice.payOnline === 'demo' && (
        <>
          <Alert color="yellow" title="Demo payments">
            This site has no PayPal account configured yet: the demo button marks the invoice as paid and no money is taken.
          </Alert>
          <Button size="md" loading={busy} onClick={() => void newOrder().then(paid, () => {})}>
            Pay {dollars(invoice.amount)} (demo)
          </Button>
        </>
      )}
      {invoice.payOnline === 'paypal' && (
        <>
          <Text size="sm">Pay securely with PayPal, or with a debit or credit card through PayPal. You do not need a PayPal account.</Text>
          {setup.isPending ? (
            <Center py="md">
              <Loader aria-label="Loading PayPal" />
            </Center>
          ) : setup.data?.provider === 'paypal' && setup.data.clientToken ? (
            <PayPalButton
              clientToken={setup.data.clientToken}
              environment={setup.data.environment ?? 'sandbox'}
              otherwise="Please pay by bank transfer instead."
              disabled={busy}
              createOrder={newOrder}
              onApprove={paid}
              onCancel={() => toast.info('Payment Cancelled', 'You can pay this invoice later with the same link.')}
              onError={(error) => {
                console.error('PayPal reported an error', error);
                setFailure((current) => current ?? PAYMENT_FAILED);
              }}
            />
          ) : (
            <Alert color="red">PayPal could not be loaded. Please try again later, or pay by bank transfer.</Alert>
          )}
        </>
      )}
      {invoice.payOnline === null && (
        <Alert color="blue" title="Online payment is not available">
          This site does not take online payments at the moment. Please pay by bank transfer or at a club meeting.
        </Alert>
      )}
    </Stack>
  );
}
