import { Anchor, Badge, Box, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatAuDate } from '../../../shared/dates';
import { SPONSORSHIP_LABELS, type AdminSponsor, type SponsorStatus } from '../../../shared/sponsors.schema';
import { RowButton } from '../../components/admin-row-actions';
import { sponsorAmountText, sponsorHref, SPONSOR_LINK_PROPS } from '../../lib/sponsor-text';
import { appliedOn, STATUS_LABELS, UNCONFIRMED, type InvoiceAction } from './sponsor-display';
import { SponsorInvoices } from './sponsor-invoices';

const STATUS_COLOURS: Record<SponsorStatus, string> = { pending: 'yellow', active: 'green', declined: 'red' };

function StatusBadge({ status }: { status: SponsorStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status] ?? 'gray'} variant="light">
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

/** A sponsor in the committee's list: its details, 'Review', and its season invoices. */
export function SponsorRow({
  sponsor,
  today,
  onReview,
  onAction,
}: {
  sponsor: AdminSponsor;
  today: string;
  onReview: () => void;
  onAction: (action: InvoiceAction) => void;
}) {
  const ended = sponsor.endDate !== null && sponsor.endDate < today;
  const website = sponsorHref(sponsor.websiteUrl);
  return (
    <Card withBorder radius="md" padding="md" data-testid="admin-sponsor">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {sponsor.logoUrl && <Image src={sponsor.logoUrl} alt={`${sponsor.companyName} logo`} h={40} w="auto" maw={100} fit="contain" />}
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {sponsor.companyName}
            </Title>
            <StatusBadge status={sponsor.status} />
            {ended && sponsor.status === 'active' && (
              <Badge color="gray" variant="outline">
                Ended
              </Badge>
            )}
          </Group>
          <RowButton label="Review" name={sponsor.companyName} onClick={onReview} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Detail label="Contact">{sponsor.contactPerson}</Detail>
          <Detail label="E-mail">
            <Anchor href={`mailto:${sponsor.email}`} inherit>
              {sponsor.email}
            </Anchor>
            {!sponsor.addressConfirmed && ` ${UNCONFIRMED}`}
          </Detail>
          <Detail label="Phone">
            <Anchor href={`tel:${sponsor.phone.replace(/[^\d+]/g, '')}`} inherit>
              {sponsor.phone}
            </Anchor>
          </Detail>
          <Detail label="Package">
            {SPONSORSHIP_LABELS[sponsor.sponsorshipType] ?? sponsor.sponsorshipType} · {sponsorAmountText(sponsor.amount)}
          </Detail>
          <Detail label="Applied">{appliedOn(sponsor.createdAt)}</Detail>
          <Detail label="End date">{sponsor.endDate ? formatAuDate(sponsor.endDate) : 'No end date'}</Detail>
          <Detail label="Website">
            {website ? (
              <Anchor href={website} {...SPONSOR_LINK_PROPS} inherit>
                {sponsor.websiteUrl}
              </Anchor>
            ) : (
              'None'
            )}
          </Detail>
          {sponsor.address && <Detail label="Address">{sponsor.address}</Detail>}
        </SimpleGrid>
        {sponsor.comments && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            “{sponsor.comments}”
          </Text>
        )}
        <SponsorInvoices sponsor={sponsor} today={today} onAction={onAction} />
      </Stack>
    </Card>
  );
}
