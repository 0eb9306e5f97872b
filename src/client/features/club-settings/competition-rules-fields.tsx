import { Button, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { MAX_PLACES, type CompetitionField, type CompetitionRulesValues, type PrizeValues } from './competition-rules-values';
import { FIELD } from './thumb-field';

const BUTTON = { size: 'md', mih: 44 } as const;

export interface CompetitionRulesFieldsProps {
  values: CompetitionRulesValues;
  /** Messages by the rules' path ('times.fishingEnd', 'placePrizes.1.text'), under `prefix`. */
  errors: Partial<Record<string, string>>;
  /** What the paths of `errors` start with (the setup page's 'competition.'); none in Admin → Club settings. */
  prefix?: string;
  /** New values, with the path of the field changed (a list's own on adding or removing a place). */
  onChange: (values: CompetitionRulesValues, field: CompetitionField) => void;
  /** The level of the sections' headings: below the page's or the card's own. */
  headingOrder?: 3 | 4;
}

/** The list with its item at `index` replaced. */
const replaced = <T,>(list: T[], index: number, item: T) => list.map((old, i) => (i === index ? item : old));

/** 1st, 2nd, 3rd, 4th… (places go to 10). */
const ordinal = (n: number) => `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n] ?? 'th'}`;

/**
 * The club's competition rules, the setup page's and Admin → Club settings': entry fees, the day's times, prizes and
 * champion points per place, and the mystery fish and picture of the month prizes. One column on a phone.
 */
export function CompetitionRulesFields(props: CompetitionRulesFieldsProps) {
  const { values, errors, prefix = '', onChange, headingOrder = 4 } = props;
  const error = (field: CompetitionField) => errors[prefix + field];
  const text = (
    key: Exclude<
      keyof CompetitionRulesValues,
      'placePrizes' | 'championPoints' | 'mysteryFishPrize' | 'pictureOfMonthPrize' | 'offshoreAllowed'
    >,
  ) => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => onChange({ ...values, [key]: event.currentTarget.value }, PATH_OF[key]),
    error: error(PATH_OF[key]),
  });
  const heading = (title: string) => (
    <Title order={headingOrder} fz="md">
      {title}
    </Title>
  );
  const money = { ...FIELD, leftSection: '$', inputMode: 'decimal', autoComplete: 'off' } as const;
  return (
    <Stack gap="md">
      {heading('Entry fees')}
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <TextInput {...money} label="Member entry fee" {...text('memberFee')} />
        <TextInput {...money} label="Non-member entry fee" {...text('nonMemberFee')} />
        <TextInput {...money} label="Junior entry fee" description="Blank: juniors pay the member fee." {...text('juniorFee')} />
      </SimpleGrid>
      {heading('The day')}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          {...FIELD}
          label="Sign-on hours"
          description="How long sign-on runs from the event's start."
          inputMode="numeric"
          {...text('signOnHours')}
        />
        <TextInput {...FIELD} type="time" label="Presentation" {...text('presentation')} />
        <TextInput {...FIELD} type="time" label="Fishing starts" {...text('fishingStart')} />
        <TextInput {...FIELD} type="time" label="Fishing ends" {...text('fishingEnd')} />
      </SimpleGrid>
      <Switch
        size="md"
        py={10}
        label="Offshore fishing allowed"
        description="The competition rules say so; draw the fishing area to take in the sea the club fishes, or to leave it out."
        checked={values.offshoreAllowed}
        onChange={(event) => onChange({ ...values, offshoreAllowed: event.currentTarget.checked }, 'offshoreAllowed')}
      />
      {heading('Prizes per place')}
      <PlacePrizes {...props} prefix={prefix} />
      {heading('Champion points per place')}
      <ChampionPoints {...props} prefix={prefix} />
      {heading('Mystery fish and picture of the month')}
      <PrizeFields label="Mystery fish prize" path="mysteryFishPrize" {...props} prefix={prefix} />
      <PrizeFields label="Picture of the month prize" path="pictureOfMonthPrize" {...props} prefix={prefix} />
    </Stack>
  );
}

const PATH_OF = {
  memberFee: 'entryFeesCents.member',
  nonMemberFee: 'entryFeesCents.nonMember',
  juniorFee: 'entryFeesCents.junior',
  signOnHours: 'times.signOnHours',
  fishingStart: 'times.fishingStart',
  fishingEnd: 'times.fishingEnd',
  presentation: 'times.presentation',
} as const;

/** A prize's amount and what it is, side by side from a tablet up. */
function PrizeInputs(props: {
  label: string;
  prize: PrizeValues;
  path: string;
  errorOf: (field: string) => string | undefined;
  onPrize: (prize: PrizeValues, field: string) => void;
}) {
  const { label, prize, path, errorOf, onPrize } = props;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput
        {...FIELD}
        label={`${label}: amount`}
        leftSection="$"
        inputMode="decimal"
        autoComplete="off"
        value={prize.amount}
        onChange={(e) => onPrize({ ...prize, amount: e.currentTarget.value }, `${path}.cents`)}
        error={errorOf(`${path}.cents`)}
      />
      <TextInput
        {...FIELD}
        label={`${label}: what it is`}
        placeholder="$100 voucher"
        autoComplete="off"
        value={prize.text}
        onChange={(e) => onPrize({ ...prize, text: e.currentTarget.value }, `${path}.text`)}
        error={errorOf(`${path}.text`)}
      />
    </SimpleGrid>
  );
}

function PrizeFields(props: CompetitionRulesFieldsProps & { label: string; path: 'mysteryFishPrize' | 'pictureOfMonthPrize' }) {
  const { values, errors, prefix = '', onChange, label, path } = props;
  return (
    <PrizeInputs
      label={label}
      prize={values[path]}
      path={path}
      errorOf={(field) => errors[prefix + field]}
      onPrize={(prize, field) => onChange({ ...values, [path]: prize }, field)}
    />
  );
}

/** What 1st, 2nd, 3rd… win in each category: a place added at the end, the last one removed (at least 1st stays). */
function PlacePrizes({ values, errors, prefix = '', onChange }: CompetitionRulesFieldsProps) {
  const prizes = values.placePrizes;
  const set = (next: PrizeValues[], field: string) => onChange({ ...values, placePrizes: next }, field);
  return (
    <Stack gap="sm">
      {prizes.map((prize, i) => (
        <PrizeInputs
          // Places are added and removed at the end only: a place's index is what it is.
          key={i}
          label={`${ordinal(i + 1)} place`}
          prize={prize}
          path={`placePrizes.${i}`}
          errorOf={(field) => errors[prefix + field]}
          onPrize={(p, field) => set(replaced(prizes, i, p), field)}
        />
      ))}
      <ListMessage message={errors[`${prefix}placePrizes`]} />
      <PlaceButtons
        what="prize"
        count={prizes.length}
        onAdd={() => set([...prizes, { amount: '', text: '' }], 'placePrizes')}
        onRemove={() => set(prizes.slice(0, -1), 'placePrizes')}
      />
    </Stack>
  );
}

/** The season ladder's points for 1st, 2nd, 3rd… in a category. */
function ChampionPoints({ values, errors, prefix = '', onChange }: CompetitionRulesFieldsProps) {
  const points = values.championPoints;
  const set = (next: string[], field: string) => onChange({ ...values, championPoints: next }, field);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, xs: 5 }}>
        {points.map((p, i) => (
          <TextInput
            key={i}
            {...FIELD}
            label={`${ordinal(i + 1)} place points`}
            inputMode="numeric"
            autoComplete="off"
            value={p}
            onChange={(e) => set(replaced(points, i, e.currentTarget.value), `championPoints.${i}`)}
            error={errors[`${prefix}championPoints.${i}`]}
          />
        ))}
      </SimpleGrid>
      <ListMessage message={errors[`${prefix}championPoints`]} />
      <PlaceButtons
        what="points"
        count={points.length}
        onAdd={() => set([...points, '0'], 'championPoints')}
        onRemove={() => set(points.slice(0, -1), 'championPoints')}
      />
    </Stack>
  );
}

function ListMessage({ message }: { message: string | undefined }) {
  return message ? (
    <Text size="sm" c="red" role="alert">
      {message}
    </Text>
  ) : null;
}

/** Add a place (up to 10) or remove the last (1st stays): each button a 44 px target, its name saying which place. */
function PlaceButtons({ what, count, onAdd, onRemove }: { what: string; count: number; onAdd: () => void; onRemove: () => void }) {
  return (
    <Group gap="sm">
      {count < MAX_PLACES && (
        <Button {...BUTTON} variant="light" onClick={onAdd} aria-label={`Add ${ordinal(count + 1)} place ${what}`}>
          Add {ordinal(count + 1)} place
        </Button>
      )}
      {count > 1 && (
        <Button {...BUTTON} variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${ordinal(count)} place ${what}`}>
          Remove {ordinal(count)} place
        </Button>
      )}
    </Group>
  );
}
