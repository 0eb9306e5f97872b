import { Group, TextInput, type TextInputProps } from '@mantine/core';
import { useState, type ChangeEvent } from 'react';
import { formatAuDate, isIsoDate } from '../../../shared/dates';

/**
 * 'DD/MM/YYYY' (or 'D/M/YYYY', dots and dashes too, or eight digits typed on a phone's number pad) → 'YYYY-MM-DD'; an
 * ISO date pasted in stays as it is.
 */
export function parseAuDate(text: string): string | undefined {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return isIsoDate(t) ? t : undefined;
  const match = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (!match) return undefined;
  const iso = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : undefined;
}

/** What the field shows for a value: 24/11/2026 for an ISO date, anything else as it is (text still being typed). */
const shown = (value: string) => (isIsoDate(value) ? formatAuDate(value) : value);

export const AU_DATE_FORMAT_MESSAGE = 'Enter the date as DD/MM/YYYY, such as 24/11/2026.';

/** A schema's sentence that names the wire format ('… (YYYY-MM-DD).') names the format the person types here instead. */
const readable = (error: TextInputProps['error']) =>
  typeof error === 'string' ? error.replace(/YYYY-MM-DD(THH:mm)?/g, 'DD/MM/YYYY') : error;

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** 'YYYY-MM-DD', '' for none, or text that is not a date yet (what the person typed). */
  value: string;
  /** Like a TextInput's: `currentTarget.value` is 'YYYY-MM-DD' once the text is a date, else the text as typed. */
  onChange: (event: { currentTarget: { value: string } }) => void;
}

/**
 * A date typed and shown the Australian way (24/11/2026) whatever the browser's language: a native date input would
 * show 11/24/2026 in an American browser. The form keeps 'YYYY-MM-DD', as the shared schemas expect.
 */
export function DateField({ value, onChange, error, onBlur, ...props }: DateFieldProps) {
  // The text as typed while it is not a date yet; the value shown once it is (or when the form sets one).
  const [draft, setDraft] = useState<{ text: string; for: string } | null>(null);
  const [touched, setTouched] = useState(false);
  const text = draft && draft.for === value ? draft.text : shown(value);
  const badFormat = touched && text.trim() !== '' && !parseAuDate(text);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value;
    const iso = parseAuDate(typed);
    const next = iso ?? typed;
    setDraft({ text: typed, for: next });
    onChange({ currentTarget: { value: next } });
  };

  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete={props.autoComplete ?? 'off'}
      placeholder={props.placeholder ?? 'DD/MM/YYYY'}
      value={text}
      onChange={change}
      onBlur={(event) => {
        setTouched(true);
        // Tidy what was typed (1/2/2027 → 01/02/2027) once the person moves on.
        if (parseAuDate(text)) setDraft(null);
        onBlur?.(event);
      }}
      error={badFormat ? AU_DATE_FORMAT_MESSAGE : readable(error)}
    />
  );
}

export interface DateTimeFieldProps {
  /** Label of the date part ('Event date'); the time part is 'Start time' unless `timeLabel` says otherwise. */
  label: string;
  timeLabel?: string;
  description?: string;
  withAsterisk?: boolean;
  /** 'YYYY-MM-DDTHH:mm' on the club's clocks, '' for none. */
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * A date and time on the club's clocks, the date the Australian way (24/11/2026) and the time from a time input, in
 * place of a datetime-local input (whose date follows the browser's language). The form keeps 'YYYY-MM-DDTHH:mm'.
 */
export function DateTimeField({
  label,
  timeLabel = 'Start time',
  description,
  withAsterisk,
  value,
  onChange,
  error,
  disabled,
}: DateTimeFieldProps) {
  const [datePart = '', time = ''] = value.split('T');
  // A time typed before the date stays ('T07:00') until the date comes.
  const compose = (date: string, at: string) => onChange({ currentTarget: { value: date || at ? `${date}T${at}` : '' } });
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DateField
        label={label}
        description={description}
        withAsterisk={withAsterisk}
        value={datePart}
        onChange={(e) => compose(e.currentTarget.value, time)}
        error={error}
        disabled={disabled}
        style={{ flex: '1 1 160px' }}
      />
      <TextInput
        label={timeLabel}
        type="time"
        withAsterisk={withAsterisk}
        value={time}
        onChange={(e) => compose(datePart, e.currentTarget.value)}
        disabled={disabled}
        style={{ flex: '1 1 120px' }}
      />
    </Group>
  );
}
