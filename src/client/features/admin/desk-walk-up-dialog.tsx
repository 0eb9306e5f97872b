import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { ageOn, clubToday } from '../../../shared/dates';
import { deskGuestInput, divisionOn, type DeskEntrant, type DeskMember, type DeskView } from '../../../shared/entries.schema';
import { DateField } from '../../components/forms/date-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { GuardedModal } from '../../components/guarded-modal';
import { toast } from '../../components/toast';
import { membershipRules } from '../../lib/membership-rules';
import { AddEntrantForm } from './add-entrant-form';
import { pendingId } from './desk-queue';
import { WaitingFirstNotice } from './desk-waiting-list';
import { alreadyOnDesk, type ShownDesk } from './desk-with-taps';
import { newRequestKey } from './refund-dialog';
import type { DeskQueue, DeskResult } from './use-desk-queue';

const BLANK_GUEST = { firstName: '', lastName: '', email: '', phone: '', dateOfBirth: '' };

/** Who a walk-up is, as the desk typed or chose them. */
interface WalkUp {
  kind: 'member' | 'guest';
  memberId?: string;
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
  /** Unknown for a member the device has no record of yet. */
  dateOfBirth?: string;
}

/** A walk-up as the desk shows them until the club has entered them (the club prices them when it does). */
function walkUpEntrant(view: DeskView, key: string, person: WalkUp): DeskEntrant {
  const fee = person.kind === 'guest' ? view.nonMemberFee : view.memberFee;
  const dob = person.dateOfBirth;
  return {
    registrationId: pendingId(key),
    memberId: person.memberId ?? '',
    name: `${person.firstName} ${person.lastName}`.trim(),
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: dob ?? '',
    kind: person.kind,
    division: dob ? divisionOn(membershipRules(), dob, view.eventDate) : 'open',
    // Unknown until the club answers when the device has no date of birth: not shown.
    age: dob ? ageOn(dob, clubToday(new Date(view.eventDate))) : -1,
    phone: person.phone ?? null,
    email: person.email ?? null,
    fee,
    paymentState: Number(fee) > 0 ? 'pay_at_sign_on' : 'free',
    paidBy: null,
    feeBack: null,
    checkedInAt: null,
    enteredAt: new Date().toISOString(),
    disqualified: false,
    juniorCare: null,
  };
}

/** The member chosen, with what tells them from a guest when the device has their record (`deskMembers`). */
function memberWalkUp(members: DeskMember[], memberId: string, name: string): WalkUp {
  const known = members.find((m) => m.id === memberId);
  if (known) return { kind: 'member', memberId, ...known };
  return { kind: 'member', memberId, firstName: name, lastName: '' };
}

/** What the desk says of a walk-up: entered, kept on the device, or the club's refusal (returned for the form). */
function told(result: DeskResult, name: string, fee: string): string | null {
  if (result.kind === 'refused') return result.message;
  if (result.kind === 'sent') toast.success('Entered', result.message ?? `${name} is entered.`);
  else toast.info('Kept on this device', `${name} is on the list; the club enters them once the signal returns. Take their $${fee}.`);
  return null;
}

/**
 * A walk-up entrant: a current member (past the close and the capacity) or a non-member guest; with signal or
 * without (kept on the device and entered once when the signal returns).
 */
export function AddWalkUpDialog({
  queue,
  view,
  members,
  kind,
  onClose,
}: {
  queue: DeskQueue;
  /** The desk's list as shown: the walk-ups still waiting to send are on it, and checked like the rest. */
  view: ShownDesk | null;
  members: DeskMember[];
  kind: 'member' | 'guest' | null;
  onClose: () => void;
}) {
  const [passOverWaiting, setPassOverWaiting] = useState(false);
  // Each opening asks afresh whether to pass over the waiting list.
  if (kind === null && passOverWaiting) setPassOverWaiting(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const addMember = async (memberId: string, name: string) => {
    if (!view) return false;
    const requestKey = newRequestKey();
    const person = memberWalkUp(members, memberId, name);
    const entered = alreadyOnDesk(view, { ...person, guest: false }, new Date());
    setRefusal(entered);
    if (entered) return false;
    const walkUp = walkUpEntrant(view, requestKey, person);
    const input = { id: view.eventId, memberId, passOverWaiting, requestKey };
    const refused = told(await queue.perform({ kind: 'member', input }, `Enter ${walkUp.name}`, walkUp), walkUp.name, walkUp.fee);
    setRefusal(refused);
    return refused === null;
  };
  return (
    <GuardedModal opened={kind !== null} onClose={close} title={kind === 'guest' ? 'Add a guest' : 'Add a member'} fullScreen={phone}>
      {kind !== null && view && (
        <WaitingFirstNotice
          eventId={view.eventId}
          waiting={view.waiting}
          passOver={passOverWaiting}
          onPassOver={setPassOverWaiting}
          onEntered={close}
        />
      )}
      {refusal && (
        <Alert color="red" mb="sm">
          {refusal}
        </Alert>
      )}
      {kind === 'member' && view && (
        <AddEntrantForm
          event={{ id: view.eventId, name: view.eventName }}
          passOverWaiting={passOverWaiting}
          onCancel={close}
          onDone={close}
          submit={addMember}
        />
      )}
      {kind === 'guest' && view && (
        <GuestForm view={view} queue={queue} passOverWaiting={passOverWaiting} onRefused={setRefusal} onCancel={close} onDone={close} />
      )}
    </GuardedModal>
  );
}

function GuestForm({
  view,
  queue,
  passOverWaiting,
  onRefused,
  onCancel,
  onDone,
}: {
  view: ShownDesk;
  queue: DeskQueue;
  passOverWaiting: boolean;
  onRefused: (message: string | null) => void;
  onCancel: () => void;
  onDone: () => void;
}) {
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm({
    schema: deskGuestInput,
    initialValues: BLANK_GUEST,
    toInput: (v) => ({ ...v, eventId: view.eventId, passOverWaiting, requestKey }),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = form.validate();
    if (!input) return;
    const name = `${input.firstName} ${input.lastName}`;
    const person: WalkUp = { kind: 'guest', ...input };
    const entered = alreadyOnDesk(view, { ...person, guest: true }, new Date());
    onRefused(entered);
    if (entered) return;
    const walkUp = walkUpEntrant(view, requestKey, person);
    setBusy(true);
    const refused = told(
      await queue.perform({ kind: 'guest', input: { ...input, requestKey } }, `Add ${name} (guest)`, walkUp),
      name,
      walkUp.fee,
    );
    setBusy(false);
    onRefused(refused);
    if (refused) return;
    form.reset();
    setRequestKey(newRequestKey());
    onDone();
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add a guest">
      <Stack gap="sm">
        <Text size="sm">A non-member pays the non-member fee. With an e-mail address, paying sends them the link for logging catches.</Text>
        <TextInput size="lg" label="First name" required {...form.inputProps('firstName')} />
        <TextInput size="lg" label="Last name" required {...form.inputProps('lastName')} />
        <DateField size="lg" label="Date of birth" required {...form.inputProps('dateOfBirth')} />
        <TextInput size="lg" label="Email (optional)" type="email" {...form.inputProps('email')} />
        <TextInput size="lg" label="Phone (optional)" type="tel" {...form.inputProps('phone')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" mih={44} loading={busy}>
            Add guest
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
