import { NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import {
  SPONSOR_STATUSES,
  SPONSORSHIP_LABELS,
  sponsorReviewInput,
  type AdminSponsor,
  type SponsorStatus,
} from '../../../shared/sponsors.schema';
import { FormButtons } from '../../components/admin-row-actions';
import { DateField } from '../../components/forms/date-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { ImageField } from '../../components/uploads/image-upload-field';
import { serverMessage } from '../../lib/errors';
import { sponsorAmountText } from '../../lib/sponsor-text';
import { useTRPC } from '../../trpc';
import { appliedOn, STATUS_LABELS } from './sponsor-display';

/** The review form's values as the review procedure takes them: blanks are null. */
const reviewInput = (id: string) => (v: { status: string; websiteUrl: string; endDate: string; logoUrl: string }) => ({
  id,
  status: v.status as SponsorStatus,
  logoUrl: v.logoUrl.trim() || null,
  websiteUrl: v.websiteUrl.trim() || null,
  endDate: v.endDate.trim() || null,
});

/** The committee's review of one application: status, website, end date and logo. */
export function SponsorReviewForm({ sponsor, onDone }: { sponsor: AdminSponsor; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: sponsorReviewInput,
    initialValues: {
      status: sponsor.status as string,
      websiteUrl: sponsor.websiteUrl ?? '',
      endDate: sponsor.endDate ?? '',
      logoUrl: sponsor.logoUrl ?? '',
    },
    toInput: reviewInput(sponsor.id),
  });

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
      // Every field the server refused is marked at once; a refusal that names no field is a toast.
      onError: (error) => {
        if (!form.applyServerError(error)) toast.error('Failed to update sponsor', serverMessage(error));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // What was typed goes (blanks as null); the server parses it again.
    if (form.validate()) review.mutate(reviewInput(sponsor.id)(form.values));
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
          {...form.inputProps('status')}
          disabled={busy}
          data={SPONSOR_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        />
        <TextInput label="Website" type="url" placeholder="https://" {...form.inputProps('websiteUrl')} disabled={busy} />
        <DateField
          label="End Date"
          description="The last day the sponsor is shown. Leave blank for no end date."
          {...form.inputProps('endDate')}
          disabled={busy}
        />
        <ImageField
          uploadLabel="Upload logo"
          urlLabel="Logo URL"
          urlDescription="Or paste the address of a logo image."
          previewAlt={`${sponsor.companyName} logo`}
          value={form.values.logoUrl}
          onChange={(url) => form.setValue('logoUrl', url)}
          error={form.errors.logoUrl}
          disabled={busy}
        />
        <FormButtons label="Save" busy={busy} onCancel={onDone} />
      </Stack>
    </form>
  );
}
