import { NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { MONTHS_LONG } from '../../../shared/club-clock';
import { membershipYearText } from '../../../shared/membership';
import type { MembershipRulesField, MembershipRulesValues } from './membership-rules-values';
import { FIELD } from './thumb-field';

/** Each choice is a 44 px tall target, label included. */
const RADIO_TARGET = { body: { minHeight: 44, alignItems: 'center' }, labelWrapper: { alignSelf: 'stretch', justifyContent: 'center' } };

type TextField = Exclude<MembershipRulesField, 'yearKind'>;

export interface MembershipRulesFieldsProps {
  values: MembershipRulesValues;
  errors: Partial<Record<MembershipRulesField, string>>;
  inputProps: (field: TextField) => {
    value: string;
    onChange: (event: { currentTarget: { value: string } }) => void;
    error: string | undefined;
  };
  setValue: <K extends MembershipRulesField>(field: K, value: MembershipRulesValues[K]) => void;
  /** The level of the sections' headings: below the page's or the card's own. */
  headingOrder?: 3 | 4;
}

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));
const MONTHS = MONTHS_LONG.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label }));

/** The club's fees, who a family covers, who is a junior and the membership year: the setup page's and Admin → Club settings'. */
export function MembershipRulesFields(props: MembershipRulesFieldsProps) {
  const { inputProps, headingOrder = 4 } = props;
  const fee = (field: 'adultFee' | 'juniorFee' | 'familyFee', label: string) => (
    <TextInput {...FIELD} label={label} leftSection="$" inputMode="decimal" autoComplete="off" {...inputProps(field)} />
  );
  const count = (field: 'familyAdults' | 'familyJuniors' | 'juniorUnder', label: string, description?: string) => (
    <TextInput {...FIELD} label={label} description={description} inputMode="numeric" autoComplete="off" {...inputProps(field)} />
  );
  return (
    <Stack gap="md">
      <Title order={headingOrder} fz="md">
        Annual fees
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {fee('adultFee', 'Adult fee')}
        {fee('juniorFee', 'Junior fee')}
        {fee('familyFee', 'Family fee')}
      </SimpleGrid>
      <Title order={headingOrder} fz="md">
        Who a family covers, and who is a junior
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {count('familyAdults', 'Adults in a family')}
        {count('familyJuniors', 'Juniors in a family')}
        {count('juniorUnder', 'Juniors are under', 'Their age in years on the day they join, or on an event’s day.')}
      </SimpleGrid>
      <MembershipYearFields {...props} />
    </Stack>
  );
}

/** A year from the day a membership is paid, or a fixed year from a day and month (1 July: to 30 June). */
function MembershipYearFields({ values, errors, inputProps, setValue }: MembershipRulesFieldsProps) {
  const fixed = values.yearKind === 'fixed';
  const startsOn = `${values.startMonth}-${values.startDay}`;
  return (
    <>
      <Radio.Group
        label="Membership year"
        value={values.yearKind}
        onChange={(kind) => setValue('yearKind', kind as MembershipRulesValues['yearKind'])}
        error={errors.yearKind}
      >
        <Stack gap={0} mt={4}>
          <Radio value="fromJoining" label="A year from joining" size="md" styles={RADIO_TARGET} />
          <Radio value="fixed" label="A fixed year starting on" size="md" styles={RADIO_TARGET} />
        </Stack>
      </Radio.Group>
      {fixed && (
        <SimpleGrid cols={2} spacing="sm">
          <NativeSelect {...FIELD} label="Day" data={DAYS} {...inputProps('startDay')} />
          <NativeSelect {...FIELD} label="Month" data={MONTHS} {...inputProps('startMonth')} />
        </SimpleGrid>
      )}
      <Text size="sm" c="dimmed">
        {fixed && !isDayOfEveryYear(startsOn)
          ? 'Choose a day every year has.'
          : `Memberships run ${membershipYearText({ year: fixed ? { kind: 'fixed', startsOn } : { kind: 'fromJoining' } })}.`}
      </Text>
    </>
  );
}

/** 'MM-DD' that every year has: a real day of its month, never 29 February. */
function isDayOfEveryYear(monthDay: string): boolean {
  const [month, day] = monthDay.split('-').map(Number);
  return monthDay !== '02-29' && new Date(Date.UTC(2025, month - 1, day)).getUTCDate() === day;
}
