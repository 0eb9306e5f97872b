import { Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { STATE_NAMES, type AustralianState } from '../../../shared/club-profile-plain';
import { MAX_SPECIES, STATE_SPECIES } from '../../../shared/species';
import { blankSpeciesRow, speciesValues, type SpeciesField, type SpeciesRowValues, type SpeciesValues } from './species-values';
import { FIELD } from './thumb-field';

const BUTTON = { size: 'md', mih: 44 } as const;
/** A tick as tall as a thumb: the box and its label in a 44 px row. */
const TICK = { size: 'md', styles: { body: { minHeight: 44, alignItems: 'center' } } } as const;

export interface SpeciesFieldsProps {
  values: SpeciesValues;
  /** Messages by the list's path ('species.2.minimumCm'), under `prefix`. */
  errors: Partial<Record<string, string>>;
  /** What the paths of `errors` start with (the setup page's 'species.'); none in Admin → Club settings. */
  prefix?: string;
  /** New values, with the path of the field changed (the list's own on adding, removing or filling it). */
  onChange: (values: SpeciesValues, field: SpeciesField) => void;
}

const STATES = Object.entries(STATE_NAMES).map(([value, label]) => ({ value, label }));

/**
 * The club's species, the setup page's and Admin → Club settings': the state, a button that fills the list with the
 * state's published legal sizes, and a row per species (name, legal size or No legal minimum, Counts for points,
 * remove). One column on a phone.
 */
export function SpeciesFields({ values, errors, prefix = '', onChange }: SpeciesFieldsProps) {
  const preset = STATE_SPECIES[values.state];
  const setRow = (index: number, row: SpeciesRowValues, field: keyof SpeciesRowValues) =>
    onChange({ ...values, species: values.species.map((old, i) => (i === index ? row : old)) }, `species.${index}.${field}`);
  return (
    <Stack gap="md">
      <NativeSelect
        {...FIELD}
        label="Legal sizes of"
        description="The state whose recreational fishing rules the legal sizes follow."
        data={STATES}
        value={values.state}
        error={errors[`${prefix}state`]}
        onChange={(event) => onChange({ ...values, state: event.currentTarget.value as AustralianState }, 'state')}
      />
      {preset && (
        <Button {...BUTTON} variant="light" onClick={() => onChange(speciesValues({ state: values.state, species: preset }), 'species')}>
          Use {values.state}’s list
        </Button>
      )}
      {values.species.map((row, index) => (
        <SpeciesRow
          key={index}
          index={index}
          row={row}
          errors={errors}
          path={`${prefix}species.${index}`}
          onChange={(changed, field) => setRow(index, changed, field)}
          onRemove={
            values.species.length > 1
              ? () => onChange({ ...values, species: values.species.filter((_, i) => i !== index) }, 'species')
              : undefined
          }
        />
      ))}
      {errors[`${prefix}species`] && (
        <Text size="sm" c="red" role="alert">
          {errors[`${prefix}species`]}
        </Text>
      )}
      <Group>
        <Button
          {...BUTTON}
          variant="default"
          disabled={values.species.length >= MAX_SPECIES}
          onClick={() => onChange({ ...values, species: [...values.species, blankSpeciesRow()] }, 'species')}
        >
          Add a species
        </Button>
      </Group>
    </Stack>
  );
}

interface SpeciesRowProps {
  index: number;
  row: SpeciesRowValues;
  errors: Partial<Record<string, string>>;
  /** The row's path with its prefix ('species.2'). */
  path: string;
  onChange: (row: SpeciesRowValues, field: keyof SpeciesRowValues) => void;
  /** Undefined for the last species left: a club lists at least one. */
  onRemove?: () => void;
}

/** One species: its name and legal size side by side on a wider screen, the ticks below, and its remove button. */
function SpeciesRow({ index, row, errors, path, onChange, onRemove }: SpeciesRowProps) {
  const named = row.name.trim() || `species ${index + 1}`;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={row.name.trim() || `Species ${index + 1}`}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            {...FIELD}
            label="Species"
            autoComplete="off"
            value={row.name}
            error={errors[`${path}.name`]}
            onChange={(event) => onChange({ ...row, name: event.currentTarget.value }, 'name')}
          />
          <TextInput
            {...FIELD}
            label="Legal size (cm)"
            inputMode="decimal"
            autoComplete="off"
            disabled={row.noMinimum}
            value={row.noMinimum ? '' : row.minimumCm}
            error={errors[`${path}.minimumCm`]}
            onChange={(event) => onChange({ ...row, minimumCm: event.currentTarget.value }, 'minimumCm')}
          />
        </SimpleGrid>
        <Checkbox
          {...TICK}
          label="No legal minimum"
          checked={row.noMinimum}
          onChange={(event) => onChange({ ...row, noMinimum: event.currentTarget.checked }, 'minimumCm')}
        />
        <Checkbox
          {...TICK}
          label="Counts for points"
          description="Placed in the results and the season ladder."
          checked={row.countsForPoints}
          onChange={(event) => onChange({ ...row, countsForPoints: event.currentTarget.checked }, 'countsForPoints')}
        />
        {onRemove && (
          <Group justify="flex-end">
            <Button {...BUTTON} variant="subtle" color="red" aria-label={`Remove ${named}`} onClick={onRemove}>
              Remove
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
