import { Group, NumberInput, Radio } from '@mantine/core';
import { CATCH_SIZE_MAX_CM, type Fate } from '../../../shared/catches';

/** The catch's length for the catch forms: tenths of a cm, never negative, the number pad on a phone. */
export function CatchSizeInput(props: {
  id?: string;
  size?: 'md' | 'lg';
  value: number | string;
  onChange: (value: number | string) => void;
  error?: string;
  required?: boolean;
}) {
  // The shared schema's bounds; a size beyond them is not changed behind the angler's back but refused with its sentence.
  return (
    <NumberInput
      label="Size (cm)"
      min={0}
      max={CATCH_SIZE_MAX_CM}
      clampBehavior="none"
      step={0.1}
      decimalScale={1}
      allowNegative={false}
      inputMode="decimal"
      // The number pad types the size; the little up/down arrows are too small for a wet finger.
      hideControls
      {...props}
    />
  );
}

const RADIO_TARGET = { body: { minHeight: 44, alignItems: 'center' }, labelWrapper: { alignSelf: 'stretch', justifyContent: 'center' } };

/** Kept or Released, for the catch forms. */
export function FateRadios({
  id,
  value,
  onChange,
  error,
  required,
}: {
  /** The first choice's id, for the form to bring it into focus. */
  id?: string;
  value: Fate | '';
  onChange: (value: Fate) => void;
  error?: string;
  required?: boolean;
}) {
  return (
    <Radio.Group label="Kept or Released" required={required} value={value} onChange={(v) => onChange(v as Fate)} error={error}>
      {/* Each choice is a 44 px tall target, label included, for wet fingers. */}
      <Group gap="xl" mt={4}>
        <Radio id={id} value="kept" label="Kept" size="md" styles={RADIO_TARGET} />
        <Radio value="released" label="Released" size="md" styles={RADIO_TARGET} />
      </Group>
    </Radio.Group>
  );
}
