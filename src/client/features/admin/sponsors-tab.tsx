import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SPONSOR_STATUSES, type AdminSponsor, type SponsorStatus } from '../../../shared/sponsors.schema';
import { GuardedModal } from '../../components/guarded-modal';
import { QueryState } from '../../components/query-state';
import { useClubToday } from '../../lib/clock';
import { useTRPC } from '../../trpc';
import { STATUS_LABELS, type InvoiceAction } from './sponsor-display';
import { ConfirmInvoiceMail, RecordSponsorPaymentForm } from './sponsor-invoice-dialogs';
import { SponsorReviewForm } from './sponsor-review-form';
import { SponsorRow } from './sponsor-row';

/** The title of an invoice action's dialog. */
function actionTitle(action: InvoiceAction | null): string {
  if (action?.kind === 'record') return `Record payment: ${action.sponsor.companyName}`;
  if (action?.kind === 'renew') return `Renew ${action.sponsor.companyName} for ${action.season}`;
  return action ? `Send pay link again: ${action.sponsor.companyName}` : '';
}

/** Sponsor applications, filtered by status, each open to review. */
export function AdminSponsorsTab() {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useQuery(trpc.admin.sponsors.list.queryOptions());
  const [filter, setFilter] = useState<'all' | SponsorStatus>('all');
  const [reviewing, setReviewing] = useState<AdminSponsor | null>(null);
  const [action, setAction] = useState<InvoiceAction | null>(null);

  const sponsors = list.data ?? [];
  const shown = filter === 'all' ? sponsors : sponsors.filter((s) => s.status === filter);
  const count = (status: SponsorStatus) => sponsors.filter((s) => s.status === status).length;
  const today = useClubToday();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="xl">
          Sponsors
        </Title>
        <NativeSelect
          label="Filter by status"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value as typeof filter)}
          data={[
            { value: 'all', label: `All (${sponsors.length})` },
            ...SPONSOR_STATUSES.map((s) => ({ value: s, label: `${STATUS_LABELS[s]} (${count(s)})` })),
          ]}
          w={200}
        />
      </Group>
      <QueryState
        query={list}
        loading="Loading sponsors..."
        failure="Could not load the sponsors. Please try again later."
        isEmpty={shown.length === 0}
        empty={<Text c="dimmed">{sponsors.length === 0 ? 'No sponsor applications yet.' : 'No sponsors with this status.'}</Text>}
      >
        {shown.map((sponsor) => (
          <SponsorRow key={sponsor.id} sponsor={sponsor} today={today} onReview={() => setReviewing(sponsor)} onAction={setAction} />
        ))}
      </QueryState>

      <GuardedModal
        opened={reviewing !== null}
        onClose={() => setReviewing(null)}
        title={reviewing ? `Review ${reviewing.companyName}` : 'Review'}
        size="lg"
        fullScreen={phone}
      >
        {reviewing && <SponsorReviewForm key={reviewing.id} sponsor={reviewing} onDone={() => setReviewing(null)} />}
      </GuardedModal>

      <GuardedModal
        opened={action !== null}
        onClose={() => setAction(null)}
        title={actionTitle(action)}
        fullScreen={phone && action?.kind === 'record'}
      >
        {action?.kind === 'record' && (
          <RecordSponsorPaymentForm
            key={action.invoice.id}
            sponsor={action.sponsor}
            invoice={action.invoice}
            onDone={() => setAction(null)}
          />
        )}
        {action && action.kind !== 'record' && <ConfirmInvoiceMail action={action} onDone={() => setAction(null)} />}
      </GuardedModal>
    </Stack>
  );
}
