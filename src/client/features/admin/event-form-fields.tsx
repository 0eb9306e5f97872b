import { Checkbox, NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { eventAgeLimitLabels, EVENT_AGE_LIMITS } from '../../../shared/events';
import { DateTimeField } from '../../components/forms/date-field';
import { centsToAmount } from '../../../shared/membership';
import { useCompetitionRules } from '../../lib/competition-rules';
import { useMembershipRules } from '../../lib/membership-rules';
import type { EventFormState } from './use-event-form';

/** A thumb's target on a phone: the selects are 44 px tall. */
const TOUCH_INPUT = { input: { minHeight: 44 } };

/** The event's name, day, fishing hours, place and texts. */
export function EventDetailsFields({ form }: { form: EventFormState['form'] }) {
  return (
    <>
      <TextInput label="Event Name" withAsterisk {...form.inputProps('name')} maxLength={120} />
      <DateTimeField label="Event Date (Sydney time)" withAsterisk {...form.inputProps('eventDate')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Fishing starts" type="time" description="Sydney time, on the event's day" {...form.inputProps('fishingStart')} />
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
    </>
  );
}

/** The entry fees, when entries close, how many may enter and who. */
export function EventEntryFields({ form }: { form: EventFormState['form'] }) {
  const { values } = form;
  const ageLimitLabels = eventAgeLimitLabels(useMembershipRules());
  const { entryFeesCents, times } = useCompetitionRules();
  const hours = times.signOnHours === 1 ? '1 hour' : `${times.signOnHours} hours`;
  return (
    <>
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
          placeholder={centsToAmount(entryFeesCents.nonMember)}
          {...form.inputProps('nonMemberFee')}
        />
      </SimpleGrid>
      <>
        <DateTimeField
          label="Entries close (Sydney time)"
          timeLabel="Close time"
          description={`Blank: at the end of sign-on, ${hours} after the start`}
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
          data={EVENT_AGE_LIMITS.map((value) => ({ value, label: ageLimitLabels[value] }))}
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
    </>
  );
}

/** The club code, how entrants pay and check in, the divisions and (when editing) the status. */
export function EventOptionsFields({ form, editing }: { form: EventFormState['form']; editing: boolean }) {
  const { values } = form;
  const { juniorUnder } = useMembershipRules();
  return (
    <>
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
        description={`Results, prizes and champion points for juniors (under ${juniorUnder} on the day) apart from Open; untick for one Open division`}
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
    </>
  );
}
