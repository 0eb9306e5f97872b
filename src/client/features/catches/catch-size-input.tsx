import { NumberInput } from '@mantine/core';

/** The catch's length for the catch forms: tenths of a cm, never negative, the number pad on a phone. */
export function CatchSizeInput(props: {
  value: number | string;
  onChange: (value: number | string) => void;
  error?: string;
  required?: boolean;
}) {
  return <NumberInput label="Size (cm)" min={0} step={0.1} decimalScale={1} allowNegative={false} inputMode="decimal" {...props} />;
}
