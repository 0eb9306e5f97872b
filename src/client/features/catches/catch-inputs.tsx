import { Group, NumberInput, Radio } from '@mantine/core';
import type { Fate } from '../../../shared/catches';

/** The catch's length for the catch forms: tenths of a cm, never negative, the number pad on a phone. */
export function CatchSizeInput(props: {
  value: number | string;
  onChange: (value: number | string) => void;
  error?: string;
  required?: boolean;
}) {
  return <NumberInput label="Size (cm)" min={0} step={0.1} decimalScale={1} allowNegative={false} inputMode="decimal" {...props} />;
}

/** Kept or Released, for the catch forms. */
export function FateRadios({
  value,
  onChange,
  error,
  required,
}: {
  value: Fate | '';
  onChange: (value: Fate) => void;
  error?: string;
  required?: boolean;
}) {
  return (
    <Radio.Group label="Kept or Released" required={required} value={value} onChange={(v) => onChange(v as Fate)} error={error}>
      <Group gap="lg" mt={4}>
        <Radio value="kept" label="Kept" />
        <Radio value="released" label="Released" />
      </Group>
    </Radio.Group>
  );
}
