import { Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useImperativeHandle, useRef, type FormEvent, type Ref } from 'react';
import { formatAudPrice } from '../../../shared/membership';
import {
  sponsorApplicationInput,
  SPONSORSHIP_LABELS,
  SPONSORSHIP_PRICES_CENTS,
  SPONSORSHIP_TYPES,
  type SponsorshipType,
} from '../../../shared/sponsors.schema';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** Where 'Save Draft' keeps the unfinished application on this device. */
export const SPONSOR_DRAFT_KEY = 'tcac.sponsorApplicationDraft';

const FIELDS = ['companyName', 'contactPerson', 'email', 'phone', 'address', 'sponsorshipType', 'comments'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { companyName: '', contactPerson: '', email: '', phone: '', address: '', sponsorshipType: '', comments: '' };

/** The saved draft, if any; anything unreadable or unexpected is ignored. */
function loadDraft(): Values {
  try {
    const raw = window.localStorage.getItem(SPONSOR_DRAFT_KEY);
    if (!raw) return EMPTY;
    const saved = JSON.parse(raw) as unknown;
    if (!saved || typeof saved !== 'object') return EMPTY;
    const values = { ...EMPTY };
    for (const field of FIELDS) {
      const value = (saved as Record<string, unknown>)[field];
      if (typeof value === 'string') values[field] = value.slice(0, 5000);
    }
    if (!(SPONSORSHIP_TYPES as readonly string[]).includes(values.sponsorshipType)) values.sponsorshipType = '';
    return values;
  } catch {
    return EMPTY;
  }
}

function saveDraft(values: Values): boolean {
  try {
    window.localStorage.setItem(SPONSOR_DRAFT_KEY, JSON.stringify(values));
    return true;
  } catch {
    return false;
  }
}

function removeDraft() {
  try {
    window.localStorage.removeItem(SPONSOR_DRAFT_KEY);
  } catch {
    // Storage unavailable: nothing was saved either.
  }
}

const TYPE_OPTIONS = [
  { value: '', label: 'Choose a sponsorship…' },
  ...SPONSORSHIP_TYPES.map((t) => ({ value: t, label: `${SPONSORSHIP_LABELS[t]} - ${formatAudPrice(SPONSORSHIP_PRICES_CENTS[t])}` })),
];

export interface SponsorFormHandle {
  /** Chooses a package in the form, brings the form into view and puts the cursor in it. */
  choose: (type: SponsorshipType) => void;
}

/** The sponsor application, with a device-local draft. */
export function SponsorForm({ ref }: { ref?: Ref<SponsorFormHandle> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm({ schema: sponsorApplicationInput, initialValues: loadDraft });
  const { values } = form;
  const register = useMutation(trpc.sponsors.register.mutationOptions());
  const focusFirst = (errors: Partial<Record<Field, string>>) => {
    const first = FIELDS.find((f) => errors[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  useImperativeHandle(ref, () => ({
    choose: (type) => {
      form.setValue('sponsorshipType', type);
      const element = formRef.current;
      element?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      element?.querySelector<HTMLInputElement>('input[name="companyName"]')?.focus({ preventScroll: true });
    },
  }));

  const onSaveDraft = () => {
    if (saveDraft(values)) toast.success('Draft saved', 'Your application is kept on this device until you submit it.');
    else toast.error('Error', 'Could not save the draft on this device.');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const input = form.validate(focusFirst);
    if (!input) return;
    try {
      await register.mutateAsync(input);
    } catch (error) {
      form.applyServerError(error);
      const reason = serverMessage(error);
      toast.error('Error', reason ? `Failed to submit sponsor application: ${reason}` : 'Failed to submit sponsor application');
      return;
    }
    toast.success('Success', 'Sponsor application submitted successfully! We will contact you within 2 business days.');
    form.reset(EMPTY);
    removeDraft();
    void queryClient.invalidateQueries({ queryKey: trpc.sponsors.active.queryKey() });
  };

  const busy = register.isPending;
  const input = (field: Field) => ({ name: field, disabled: busy, ...form.inputProps(field) });

  return (
    <form ref={formRef} id="sponsor-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Sponsor application">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Company Name" required autoComplete="organization" {...input('companyName')} />
          <TextInput label="Contact Person" required autoComplete="name" {...input('contactPerson')} />
          <TextInput label="Email" type="email" required autoComplete="email" {...input('email')} />
          <TextInput label="Phone" type="tel" required autoComplete="tel" {...input('phone')} />
        </SimpleGrid>
        <TextInput label="Address" autoComplete="street-address" {...input('address')} />
        <NativeSelect label="Sponsorship Type" required data={TYPE_OPTIONS} {...input('sponsorshipType')} />
        <Textarea label="Comments" minRows={3} rows={3} {...input('comments')} />
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onSaveDraft} disabled={busy}>
            Save Draft
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Submitting...' : 'Submit Application'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
