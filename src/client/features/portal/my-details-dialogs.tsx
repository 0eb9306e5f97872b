import { Alert, Button, Checkbox, Group, NativeSelect, PasswordInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  addJuniorInput,
  myDetailsInput,
  myEmailChangeForm,
  type AddJuniorResult,
  type HouseholdMember,
} from '../../../shared/member-details.schema';
import { SHIRT_SIZES } from '../../../shared/membership';
import { DateField } from '../../components/forms/date-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { GuardedModal } from '../../components/guarded-modal';
import { toast } from '../../components/toast';
import { isNetworkError, serverMessage } from '../../lib/errors';
import { useMembershipRules } from '../../lib/membership-rules';
import { useAuth } from '../../lib/use-auth';
import { useTRPC } from '../../trpc';

const SHIRT_OPTIONS = [{ value: '', label: 'Not chosen' }, ...SHIRT_SIZES.map((s) => ({ value: s, label: s }))];

/** Re-reads what the profile tab shows after a change. */
function useRefreshDetails() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([trpc.memberDetails.household, trpc.members.profile].map((p) => queryClient.invalidateQueries({ queryKey: p.queryKey() })));
}

function FormError({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  ) : null;
}

function Actions({ onCancel, busy, submit }: { onCancel: () => void; busy: boolean; submit: string }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {submit}
      </Button>
    </Group>
  );
}

/** A dialog of the profile tab: full screen on a phone, asking before unsaved changes are thrown away. */
function DetailsModal({ title, opened, onClose, children }: { title: string; opened: boolean; onClose: () => void; children: ReactNode }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal opened={opened} onClose={onClose} title={title} fullScreen={phone} size="md">
      {opened && children}
    </GuardedModal>
  );
}

/** The person's details as they edit them, checked with the shared schema (a junior's emergency contact and medical notes too). */
function useDetailsSchemaForm(person: HouseholdMember) {
  return useSchemaForm({
    schema: myDetailsInput,
    initialValues: {
      phone: person.phone ?? '',
      address: person.address ?? '',
      shirtSize: person.shirtSize ?? '',
      'emergencyContact.name': person.emergencyContact?.name ?? '',
      'emergencyContact.phone': person.emergencyContact?.phone ?? '',
      'emergencyContact.relationship': person.emergencyContact?.relationship ?? '',
      medicalNotes: person.medicalNotes ?? '',
    },
    toInput: (v) => {
      const contact = [v['emergencyContact.name'], v['emergencyContact.phone'], v['emergencyContact.relationship']];
      return {
        memberId: person.id,
        phone: v.phone,
        address: v.address,
        shirtSize: v.shirtSize || null,
        ...(person.isJunior
          ? {
              // All three blank takes the contact away; any one filled in asks for the others.
              emergencyContact: contact.every((c) => !c.trim()) ? null : { name: contact[0], phone: contact[1], relationship: contact[2] },
              medicalNotes: v.medicalNotes,
            }
          : {}),
      };
    },
  });
}

/**
 * One person's details: phone, address and shirt size, and for a junior the emergency contact and medical notes the
 * sign-on desk shows on competition day.
 */
function DetailsForm({ person, onDone }: { person: HouseholdMember; onDone: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshDetails();
  const update = useMutation(trpc.memberDetails.update.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const form = useDetailsSchemaForm(person);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const input = form.validate((errors) => document.getElementById(`details-${Object.keys(errors)[0]}`)?.focus());
    if (!input) return;
    try {
      await update.mutateAsync(input);
      await refresh();
      toast.success('Details saved', person.isJunior ? `${person.firstName}'s details are up to date.` : 'Your details are up to date.');
      onDone();
    } catch (e) {
      form.applyServerError(e);
      setError(
        isNetworkError(e) ? 'Network error. Please try again.' : (serverMessage(e) ?? 'The details could not be saved. Please try again.'),
      );
    }
  }

  const field = (name: keyof typeof form.values) => ({ id: `details-${name}`, ...form.inputProps(name) });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={`${person.firstName}'s details`}>
      <Stack gap="sm">
        <TextInput label="Phone" type="tel" inputMode="tel" autoComplete="tel" size="md" {...field('phone')} />
        <Textarea label="Address" autoComplete="street-address" autosize minRows={2} size="md" {...field('address')} />
        <NativeSelect label="Shirt size" data={SHIRT_OPTIONS} size="md" {...field('shirtSize')} />
        {person.isJunior && (
          <>
            <Text fw={600} mt="xs">
              Emergency contact
            </Text>
            <Text size="sm" c="dimmed">
              Someone the committee can call on competition day if you cannot be reached.
            </Text>
            <TextInput label="Name" size="md" {...field('emergencyContact.name')} />
            <TextInput label="Phone" type="tel" inputMode="tel" size="md" {...field('emergencyContact.phone')} />
            <TextInput label="Relationship" placeholder="Aunt, neighbour..." size="md" {...field('emergencyContact.relationship')} />
            <Textarea
              label="Medical notes"
              description="Allergies, asthma, medicines: shown to the committee at the sign-on desk."
              autosize
              minRows={2}
              size="md"
              {...field('medicalNotes')}
            />
          </>
        )}
        <FormError message={error ?? form.formError ?? null} />
        <Actions onCancel={onDone} busy={update.isPending} submit="Save details" />
      </Stack>
    </form>
  );
}

export function DetailsDialog({ person, onClose }: { person: HouseholdMember | null; onClose: () => void }) {
  const title = person?.isJunior ? `${person.firstName}'s details` : 'Edit my details';
  return (
    <DetailsModal title={title} opened={person !== null} onClose={onClose}>
      {person && <DetailsForm person={person} onDone={onClose} />}
    </DetailsModal>
  );
}

function EmailForm({ current, onDone }: { current: string | null; onDone: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshDetails();
  const { user } = useAuth();
  const hasPassword = user?.hasPassword ?? false;
  const request = useMutation(trpc.memberDetails.requestEmailChange.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: myEmailChangeForm,
    initialValues: { email: '', currentPassword: '' },
    toInput: (v) => ({ ...v, hasPassword }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const input = form.validate();
    if (!input) return;
    try {
      const result = await request.mutateAsync({ email: input.email, ...(hasPassword ? { currentPassword: input.currentPassword } : {}) });
      await refresh();
      toast.success('Check your e-mail', result.message);
      onDone();
    } catch (e) {
      form.applyServerError(e);
      setError(
        isNetworkError(e) ? 'Network error. Please try again.' : (serverMessage(e) ?? 'The change could not be started. Please try again.'),
      );
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Change e-mail address">
      <Stack gap="sm">
        <Text size="sm">
          You sign in with {current ?? 'your e-mail address'}. We send a link to the new address; it becomes your sign-in address once you
          open that link, and every other device signed in to your account is signed out.
        </Text>
        <TextInput label="New e-mail address" type="email" autoComplete="email" size="md" data-autofocus {...form.inputProps('email')} />
        {hasPassword ? (
          <PasswordInput label="Current password" autoComplete="current-password" size="md" {...form.inputProps('currentPassword')} />
        ) : (
          <Text size="sm" c="dimmed">
            To make sure it is you, we first send a link to {current ?? 'your current address'}; the new address hears from us once you open
            it.
          </Text>
        )}
        <FormError message={error} />
        <Actions onCancel={onDone} busy={request.isPending} submit={hasPassword ? 'Send confirmation link' : 'Send the first link'} />
      </Stack>
    </form>
  );
}

export function EmailChangeDialog({ opened, current, onClose }: { opened: boolean; current: string | null; onClose: () => void }) {
  return (
    <DetailsModal title="Change e-mail address" opened={opened} onClose={onClose}>
      <EmailForm current={current} onDone={onClose} />
    </DetailsModal>
  );
}

/** The e-mail change waiting for its link to be opened, with a way to call it off. */
export function PendingEmailNotice({ pending }: { pending: { newEmail: string; expiresAt: string; step: 'identity' | 'new_address' } }) {
  const trpc = useTRPC();
  const refresh = useRefreshDetails();
  const cancel = useMutation(
    trpc.memberDetails.cancelEmailChange.mutationOptions({
      onSuccess: async (result) => {
        await refresh();
        toast.success('Change called off', result.message);
      },
      onError: (e) => toast.error('Error', serverMessage(e) ?? 'Could not call off the change. Please try again.'),
    }),
  );
  return (
    <Alert color="blue" variant="light" title="Waiting for confirmation" data-testid="pending-email">
      <Stack gap="xs">
        <Text size="sm">
          {pending.step === 'identity'
            ? `We sent a link to your current address to make sure it is you. Open it, and we then send a link to ${pending.newEmail}; until then you sign in as before.`
            : `We sent a link to ${pending.newEmail}. Your sign-in address changes once you open it; until then you sign in as before.`}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          loading={cancel.isPending}
          onClick={() => cancel.mutate()}
          style={{ alignSelf: 'flex-start' }}
        >
          Call off the change
        </Button>
      </Stack>
    </Alert>
  );
}

function AddJuniorForm({ onDone, onAdded }: { onDone: () => void; onAdded: (result: AddJuniorResult) => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshDetails();
  const add = useMutation(trpc.memberDetails.addJunior.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const { juniorUnder } = useMembershipRules();
  const form = useSchemaForm({
    schema: addJuniorInput,
    initialValues: { firstName: '', lastName: '', dateOfBirth: '', gender: '', shirtSize: '', agreed: false },
    toInput: (v) => ({ ...v, gender: v.gender || undefined, shirtSize: v.shirtSize || null }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const input = form.validate((errors) => document.getElementById(`junior-${Object.keys(errors)[0]}`)?.focus());
    if (!input) return;
    try {
      const result = await add.mutateAsync(input);
      await refresh();
      onAdded(result);
    } catch (e) {
      form.applyServerError(e);
      setError(
        isNetworkError(e) ? 'Network error. Please try again.' : (serverMessage(e) ?? 'The junior could not be added. Please try again.'),
      );
    }
  }

  const field = (name: 'firstName' | 'lastName' | 'dateOfBirth' | 'gender' | 'shirtSize') => ({
    id: `junior-${name}`,
    ...form.inputProps(name),
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Add a junior">
      <Stack gap="sm">
        <Text size="sm">
          A junior (under {juniorUnder}) joins your membership until it ends. The price is what the club's fees give: nothing while a family
          membership has room, otherwise the difference, paid next.
        </Text>
        <TextInput label="First name" autoComplete="off" size="md" {...field('firstName')} />
        <TextInput label="Last name" autoComplete="off" size="md" {...field('lastName')} />
        <DateField label="Date of birth" size="md" {...field('dateOfBirth')} />
        <NativeSelect
          label="Gender"
          size="md"
          data={[
            { value: '', label: 'Choose...' },
            { value: 'female', label: 'Female' },
            { value: 'male', label: 'Male' },
          ]}
          {...field('gender')}
        />
        <NativeSelect label="Shirt size" data={SHIRT_OPTIONS} size="md" {...field('shirtSize')} />
        <Checkbox
          id="junior-agreed"
          label="I accept the club's rules and code of conduct on their behalf"
          {...form.checkboxProps('agreed')}
        />
        <FormError message={error ?? form.formError ?? null} />
        <Actions onCancel={onDone} busy={add.isPending} submit="Add junior" />
      </Stack>
    </form>
  );
}

export function AddJuniorDialog({
  opened,
  onClose,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  onAdded: (result: AddJuniorResult) => void;
}) {
  return (
    <DetailsModal title="Add a junior" opened={opened} onClose={onClose}>
      <AddJuniorForm onDone={onClose} onAdded={onAdded} />
    </DetailsModal>
  );
}

/** Asks before taking a junior off the household (one waiting for payment is simply dropped). */
export function RemoveJuniorDialog({ person, onClose }: { person: HouseholdMember | null; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshDetails();
  const remove = useMutation(
    trpc.memberDetails.removeJunior.mutationOptions({
      onSuccess: async (result) => {
        await refresh();
        toast.success('Household changed', result.message);
        onClose();
      },
      onError: (e) => toast.error('Error', serverMessage(e) ?? 'Could not remove them. Please try again.'),
    }),
  );
  const waiting = person?.status === 'pending';
  return (
    <DetailsModal title={`Remove ${person?.firstName ?? ''}?`} opened={person !== null} onClose={onClose}>
      {person && (
        <Stack gap="md">
          <Text size="sm">
            {waiting
              ? `${person.firstName} has not been paid for yet and will no longer be added to your membership.`
              : `${person.firstName} keeps their membership until it ends, but it will not be renewed with yours.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Keep {person.firstName}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ memberId: person.id })}>
              Remove {person.firstName}
            </Button>
          </Group>
        </Stack>
      )}
    </DetailsModal>
  );
}
