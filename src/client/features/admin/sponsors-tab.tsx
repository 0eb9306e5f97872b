import { Alert, Anchor, Badge, Box, Button, Card, Group, Image, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { SPONSOR_STATUSES, SPONSORSHIP_LABELS, sponsorReviewInput, type AdminSponsor, type SponsorStatus } from '../../../shared/sponsors.schema';
import { SectionLoader } from '../../components/full-screen-loader';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { ImageField } from '../cms/image-upload-field';
import { sponsorAmountText, sponsorHref, SPONSOR_LINK_PROPS } from '../sponsors/sponsor-text';

const STATUS_LABELS: Record<SponsorStatus, string> = { pending: 'Pending', active: 'Active', declined: 'Declined' };
const STATUS_COLOURS: Record<SponsorStatus, string> = { pending: 'yellow', active: 'green', declined: 'red' };

const appliedOn = (iso: string) => formatAuDate(clubToday(new Date(iso)));

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

function SponsorRow({ sponsor, today, onReview }: { sponsor: AdminSponsor; today: string; onReview: () => void }) {
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
          <Button variant="light" size="sm" onClick={onReview} aria-label={`Review ${sponsor.companyName}`}>
            Review
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Detail label="Contact">{sponsor.contactPerson}</Detail>
          <Detail label="E-mail">
            <Anchor href={`mailto:${sponsor.email}`} inherit>
              {sponsor.email}
            </Anchor>
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
      </Stack>
    </Card>
  );
}

type ReviewField = 'status' | 'logoUrl' | 'websiteUrl' | 'endDate';

/** The committee's review of one application: status, website, end date and logo. */
function ReviewForm({ sponsor, onDone }: { sponsor: AdminSponsor; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>(sponsor.status);
  const [websiteUrl, setWebsiteUrl] = useState(sponsor.websiteUrl ?? '');
  const [endDate, setEndDate] = useState(sponsor.endDate ?? '');
  const [logoUrl, setLogoUrl] = useState(sponsor.logoUrl ?? '');
  const [errors, setErrors] = useState<Partial<Record<ReviewField, string>>>({});

  const review = useMutation(
    trpc.admin.sponsors.review.mutationOptions({
      onSuccess: () => {
        toast.success('Sponsor updated successfully');
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.sponsors.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.sponsors.active.queryKey() }),
        ]);
        onDone();
      },
      onError: (error) => toast.error('Failed to update sponsor', serverMessage(error)),
    }),
  );

  const clearError = (field: ReviewField) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      id: sponsor.id,
      status: status as SponsorStatus,
      logoUrl: logoUrl.trim() || null,
      websiteUrl: websiteUrl.trim() || null,
      endDate: endDate.trim() || null,
    };
    const parsed = sponsorReviewInput.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<ReviewField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ReviewField;
        if (!found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    review.mutate(input);
  };

  const busy = review.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {SPONSORSHIP_LABELS[sponsor.sponsorshipType]} · {sponsorAmountText(sponsor.amount)} · applied {appliedOn(sponsor.createdAt)}
        </Text>
        <NativeSelect
          label="Status"
          description="Only active sponsors are shown on the site."
          value={status}
          onChange={(e) => (setStatus(e.currentTarget.value), clearError('status'))}
          error={errors.status}
          disabled={busy}
          data={SPONSOR_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        />
        <TextInput
          label="Website"
          type="url"
          placeholder="https://"
          value={websiteUrl}
          onChange={(e) => (setWebsiteUrl(e.currentTarget.value), clearError('websiteUrl'))}
          error={errors.websiteUrl}
          disabled={busy}
        />
        <TextInput
          label="End Date"
          type="date"
          description="The last day the sponsor is shown. Leave blank for no end date."
          value={endDate}
          onChange={(e) => (setEndDate(e.currentTarget.value), clearError('endDate'))}
          error={errors.endDate}
          disabled={busy}
        />
        <ImageField
          uploadLabel="Upload logo"
          urlLabel="Logo URL"
          urlDescription="Or paste the address of a logo image."
          previewAlt={`${sponsor.companyName} logo`}
          value={logoUrl}
          onChange={(url) => (setLogoUrl(url), clearError('logoUrl'))}
          error={errors.logoUrl}
          disabled={busy}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** SPEC §2.13: sponsor applications, filtered by status, each open to review. */
export function AdminSponsorsTab() {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useQuery(trpc.admin.sponsors.list.queryOptions());
  const [filter, setFilter] = useState<'all' | SponsorStatus>('all');
  const [reviewing, setReviewing] = useState<AdminSponsor | null>(null);

  const sponsors = list.data ?? [];
  const shown = filter === 'all' ? sponsors : sponsors.filter((s) => s.status === filter);
  const count = (status: SponsorStatus) => sponsors.filter((s) => s.status === status).length;
  const today = clubToday(new Date());

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
      {list.isPending ? (
        <SectionLoader label="Loading sponsors..." />
      ) : list.isError ? (
        <Alert color="red" variant="light">
          {serverMessage(list.error) ?? 'Could not load the sponsors. Please try again later.'}
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed">{sponsors.length === 0 ? 'No sponsor applications yet.' : 'No sponsors with this status.'}</Text>
      ) : (
        shown.map((sponsor) => <SponsorRow key={sponsor.id} sponsor={sponsor} today={today} onReview={() => setReviewing(sponsor)} />)
      )}

      <Modal opened={reviewing !== null} onClose={() => setReviewing(null)} title={reviewing ? `Review ${reviewing.companyName}` : 'Review'} size="lg" fullScreen={phone}>
        {reviewing && <ReviewForm key={reviewing.id} sponsor={reviewing} onDone={() => setReviewing(null)} />}
      </Modal>
    </Stack>
  );
}
