import { Alert, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { DEFAULT_NON_MEMBER_FEE_CENTS } from '../../../shared/entries';
import {
  DEFAULT_FISHING_END,
  DEFAULT_FISHING_START,
  EVENT_AGE_LIMIT_LABELS,
  EVENT_AGE_LIMITS,
  type EventAgeLimit,
} from '../../../shared/events';
import { centsToAmount } from '../../../shared/membership';
import { eventInput, type AdminEventView, type EntryFeeDefaults, type EventInput, type EventStatus } from '../../../shared/events.schema';
import { DateTimeField } from '../../components/forms/date-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';

/** A thumb's target on a phone: the selects are 44 px tall. */
const TOUCH_INPUT = { input: { minHeight: 44 } };

export interface EventFormValues {
  name: string;
  eventDate: string;
  location: string;
  description: string;
  rules: string;
  prizes: string;
  registrationFee: string;
  maxParticipants: string;
  clubCode: string;
  /** 'HH:mm' on the club's clocks, as a time input gives it. */
  fishingStart: string;
  fishingEnd: string;
  /** Juniors and Open placed apart (the club's default). */
  divisions: boolean;
  status: EventStatus;
  /** Entry prices in dollars: juniors blank pay the member price (registrationFee is the member fee). */
  juniorFee: string;
  nonMemberFee: string;
  /** 'YYYY-MM-DDTHH:mm' club time; blank: at the end of sign-on (two hours after the start). */
  entriesCloseAt: string;
  payAtSignOn: boolean;
  requireCheckIn: boolean;
  /** Who may enter by age on the day, and whether guests (non-members) may. */
  ageLimit: EventAgeLimit;
  membersOnly: boolean;
}

const BLANK: EventFormValues = {
  name: '',
  eventDate: '',
  location: '',
  description: '',
  rules: '',
  prizes: '',
  registrationFee: '',
  maxParticipants: '',
  clubCode: '',
  fishingStart: DEFAULT_FISHING_START,
  fishingEnd: DEFAULT_FISHING_END,
  divisions: true,
  status: 'active',
  juniorFee: '',
  nonMemberFee: centsToAmount(DEFAULT_NON_MEMBER_FEE_CENTS),
  entriesCloseAt: '',
  payAtSignOn: true,
  requireCheckIn: false,
  ageLimit: 'anyone',
  membersOnly: false,
};

/** The form's values: the event's own, or for a new event the club's fees (`fees`, the committee's settings) and the rest blank. */
export function formValuesOf(event: AdminEventView | null, fees?: EntryFeeDefaults): EventFormValues {
  if (!event) return fees ? { ...BLANK, registrationFee: fees.memberFee, nonMemberFee: fees.nonMemberFee } : BLANK;
  return {
    name: event.name,
    eventDate: event.eventDateLocal,
    location: event.location,
    description: event.description ?? '',
    rules: event.rules ?? '',
    prizes: event.prizes ?? '',
    registrationFee: event.registrationFee,
    maxParticipants: event.maxParticipants === null ? '' : String(event.maxParticipants),
    clubCode: event.clubCode ?? '',
    fishingStart: event.fishingStart ?? DEFAULT_FISHING_START,
    fishingEnd: event.fishingEnd ?? DEFAULT_FISHING_END,
    divisions: event.divisions ?? true,
    status: event.status,
    juniorFee: event.juniorFee ?? '',
    nonMemberFee: event.nonMemberFee ?? centsToAmount(DEFAULT_NON_MEMBER_FEE_CENTS),
    entriesCloseAt: event.entriesCloseLocal ?? '',
    payAtSignOn: event.payAtSignOn ?? true,
    requireCheckIn: event.requireCheckIn ?? false,
    ageLimit: event.ageLimit ?? 'anyone',
    membersOnly: event.membersOnly ?? false,
  };
}

/** What the server receives: blank fee and maximum stay '' (the server reads them as 0 and no limit). */
export function toEventInput(values: EventFormValues, editing: boolean): EventInput {
  return {
    name: values.name.trim(),
    eventDate: values.eventDate,
    location: values.location.trim(),
    description: values.description,
    rules: values.rules,
    prizes: values.prizes,
    registrationFee: values.registrationFee.trim(),
    maxParticipants: values.maxParticipants.trim(),
    clubCode: values.clubCode,
    fishingStart: values.fishingStart,
    fishingEnd: values.fishingEnd,
    // Blank junior fee: juniors pay the member price; blank close: the end of sign-on.
    juniorFee: values.juniorFee.trim(),
    nonMemberFee: values.nonMemberFee.trim(),
    entriesCloseAt: values.entriesCloseAt,
    payAtSignOn: values.payAtSignOn,
    requireCheckIn: values.requireCheckIn,
    ageLimit: values.ageLimit,
    membersOnly: values.membersOnly,
    divisions: values.divisions,
    ...(editing ? { status: values.status } : {}),
  };
}

/** SPEC §5: the admin event form (create and edit). */
export function EventForm({
  initial,
  fees,
  submitting,
  onSubmit,
  onCancel,
}: {
  initial: AdminEventView | null;
  /** The fees a new event starts with (absent: the built-in non-member fee, the member fee blank). */
  fees?: EntryFeeDefaults;
  submitting: boolean;
  /** Saves; when it returns the save's promise, a refusal's field errors go under the fields. */
  onSubmit: (input: EventInput) => void | Promise<unknown>;
  onCancel: () => void;
}) {
  const editing = initial !== null;
  const form = useSchemaForm({
    schema: eventInput,
    initialValues: () => formValuesOf(initial, fees),
    toInput: (v) => toEventInput(v, editing),
  });
  const { values } = form;
  const formRef = useRef<HTMLFormElement>(null);
  // What stays on screen until the next try: how many fields are marked, or the server's sentence when it named none.
  const [problem, setProblem] = useState<string | null>(null);

  /** Every marked field at once, and the first of them focused (a long form on a phone scrolls to it). */
  const showMarked = (count: number) => {
    setProblem(count === 1 ? 'Please correct the marked field.' : `Please correct the ${count} marked fields.`);
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!form.validate((errors) => showMarked(Object.keys(errors).length))) return;
    // What was typed goes (a blank fee or maximum stays ''); the server parses it again and names every field it refuses.
    void Promise.resolve(onSubmit(toEventInput(values, editing))).catch((error: unknown) => {
      if (form.applyServerError(error)) showMarked(Object.keys(fieldErrorsOf(error)).length);
      else setProblem(serverMessage(error) ?? 'The event could not be saved. Please try again.');
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={editing ? 'Edit Event' : 'Create New Event'}>
      <Stack gap="sm">
        <TextInput label="Event Name" withAsterisk {...form.inputProps('name')} maxLength={120} />
        <DateTimeField label="Event Date (Sydney time)" withAsterisk {...form.inputProps('eventDate')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Fishing starts"
            type="time"
            description="Sydney time, on the event's day"
            {...form.inputProps('fishingStart')}
          />
          <TextInput
            label="Fishing ends"
            type="time"
            description="Catches outside the hours are refused"
            {...form.inputProps('fishingEnd')}
          />
        </SimpleGrid>
        <TextInput label="Location" withAsterisk {...form.inputProps('location')} maxLength={200} />
        <Textarea label="Description" minRows={3} rows={3} {...form.inputProps('description')} />
        <Textarea label="Rules" minRows={3} rows={3} {...form.inputProps('rules')} />
        <Textarea label="Prizes" minRows={3} rows={3} {...form.inputProps('prizes')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            label="Registration Fee ($)"
            description="What a member pays to enter"
            type="number"
            step="0.01"
            min={0}
            inputMode="decimal"
            placeholder="0.00"
            {...form.inputProps('registrationFee')}
          />
          <TextInput
            label="Junior fee ($)"
            description="Blank: the member price"
            type="number"
            step="0.01"
            min={0}
            inputMode="decimal"
            placeholder="Member price"
            {...form.inputProps('juniorFee')}
          />
          <TextInput
            label="Non-member fee ($)"
            description="What a guest pays"
            type="number"
            step="0.01"
            min={0}
            inputMode="decimal"
            placeholder="15.00"
            {...form.inputProps('nonMemberFee')}
          />
        </SimpleGrid>
        <>
          <DateTimeField
            label="Entries close (Sydney time)"
            timeLabel="Close time"
            description="Blank: at the end of sign-on, 2 hours after the start"
            {...form.inputProps('entriesCloseAt')}
          />
          <TextInput
            label="Maximum Participants"
            type="number"
            step="1"
            min={1}
            inputMode="numeric"
            placeholder="No limit"
            {...form.inputProps('maxParticipants')}
          />
        </>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label="Who may enter"
            description="By age on the event's day"
            styles={TOUCH_INPUT}
            {...form.inputProps('ageLimit')}
            data={EVENT_AGE_LIMITS.map((value) => ({ value, label: EVENT_AGE_LIMIT_LABELS[value] }))}
          />
          <NativeSelect
            label="Members and guests"
            description="Guests are non-members entering one event"
            styles={TOUCH_INPUT}
            value={values.membersOnly ? 'members' : 'guests'}
            onChange={(e) => form.setValue('membersOnly', e.currentTarget.value === 'members')}
            data={[
              { value: 'guests', label: 'Members and guests' },
              { value: 'members', label: 'Club members only' },
            ]}
          />
        </SimpleGrid>
        <TextInput label="Club Code (brag mat)" {...form.inputProps('clubCode')} maxLength={40} />
        <Checkbox
          size="md"
          label="Members may pay at the sign-on desk"
          description="Otherwise they pay online when they enter"
          checked={values.payAtSignOn}
          onChange={(e) => form.setValue('payAtSignOn', e.currentTarget.checked)}
        />
        <Checkbox
          size="md"
          label="Catches only from entrants checked in at the sign-on desk"
          checked={values.requireCheckIn}
          onChange={(e) => form.setValue('requireCheckIn', e.currentTarget.checked)}
        />
        <Checkbox
          size="md"
          label="Junior and Open divisions"
          description="Results, prizes and champion points for juniors (under 16 on the day) apart from Open; untick for one Open division"
          {...form.checkboxProps('divisions')}
        />
        {editing && (
          <NativeSelect
            label="Status"
            {...form.inputProps('status')}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'cancelled', label: 'Cancelled' },
              { value: 'completed', label: 'Completed' },
            ]}
          />
        )}
        {(problem || form.formError) && (
          <Alert color="red" role="alert" title={editing ? 'The changes were not saved' : 'The event was not created'}>
            {problem ?? form.formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {editing ? 'Save Changes' : 'Create Event'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
