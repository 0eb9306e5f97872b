import { Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useImperativeHandle, useRef, useState, type FormEvent, type Ref } from 'react';
import { formatAud } from '../../../shared/membership';
import {
  sponsorApplicationInput,
  SPONSORSHIP_LABELS,
  SPONSORSHIP_PRICES_CENTS,
  SPONSORSHIP_TYPES,
  type SponsorshipType,
} from '../../../shared/sponsors.schema';
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
  ...SPONSORSHIP_TYPES.map((t) => ({ value: t, label: `${SPONSORSHIP_LABELS[t]} - ${formatAud(SPONSORSHIP_PRICES_CENTS[t])}` })),
];

export interface SponsorFormHandle {
  /** Chooses a package in the form, brings the form into view and puts the cursor in it. */
  choose: (type: SponsorshipType) => void;
}

/** SPEC §2.12, §4, §5: the sponsor application, with a device-local draft. */
export function SponsorForm({ ref }: { ref?: Ref<SponsorFormHandle> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(loadDraft);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const register = useMutation(trpc.sponsors.register.mutationOptions());

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  useImperativeHandle(ref, () => ({
    choose: (type) => {
      set('sponsorshipType')(type);
      const form = formRef.current;
      form?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      form?.querySelector<HTMLInputElement>('input[name="companyName"]')?.focus({ preventScroll: true });
    },
  }));

  const onSaveDraft = () => {
    if (saveDraft(values)) toast.success('Draft saved', 'Your application is kept on this device until you submit it.');
    else toast.error('Error', 'Could not save the draft on this device.');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const parsed = sponsorApplicationInput.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    try {
      await register.mutateAsync(parsed.data);
    } catch (error) {
      const reason = serverMessage(error);
      toast.error('Error', reason ? `Failed to submit sponsor application: ${reason}` : 'Failed to submit sponsor application');
      return;
    }
    toast.success('Success', 'Sponsor application submitted successfully! We will contact you within 2 business days.');
    setValues(EMPTY);
    removeDraft();
    void queryClient.invalidateQueries({ queryKey: trpc.sponsors.active.queryKey() });
  };

  const busy = register.isPending;
  const input = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: busy,
    onChange: (e: { currentTarget: { value: string } }) => set(field)(e.currentTarget.value),
  });

  return (
    <form ref={formRef} id="sponsor-form" onSubmit={submit} noValidate aria-label="Sponsor application" style={{ scrollMarginTop: 72 }}>
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
