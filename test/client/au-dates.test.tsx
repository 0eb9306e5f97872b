import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateField, DateTimeField, parseAuDate } from '../../src/client/components/forms/date-field';
import { formatClubDateTime } from '../../src/shared/dates';

/** An American browser: navigator.language and languages say en-US. */
const realLanguage = Object.getOwnPropertyDescriptor(Navigator.prototype, 'language');
const realLanguages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');
beforeEach(() => {
  Object.defineProperty(navigator, 'language', { configurable: true, get: () => 'en-US' });
  Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['en-US'] });
});
afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).language;
  delete (navigator as unknown as Record<string, unknown>).languages;
  if (realLanguage) Object.defineProperty(Navigator.prototype, 'language', realLanguage);
  if (realLanguages) Object.defineProperty(Navigator.prototype, 'languages', realLanguages);
});

function Harness({ initial, kind = 'date' }: { initial: string; kind?: 'date' | 'datetime' }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      {kind === 'date' ? (
        <DateField label="Paid on" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      ) : (
        <DateTimeField label="Event Date" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      )}
      <output aria-label="value">{value}</output>
    </MantineProvider>
  );
}

describe('dates in an American browser read the Australian way', () => {
  it('shows 24/11/2026, not 11/24/2026, and keeps 2026-11-24 for the server', async () => {
    expect(navigator.language).toBe('en-US');
    render(<Harness initial="2026-11-24" />);
    const field = screen.getByLabelText('Paid on') as HTMLInputElement;
    expect(field.value).toBe('24/11/2026');
    expect(field.type).toBe('text');
    expect(screen.getByLabelText('value').textContent).toBe('2026-11-24');
  });

  it('takes a date typed day first (or eight digits from a number pad) and says so when it cannot be one', async () => {
    const user = userEvent.setup();
    render(<Harness initial="" />);
    const field = screen.getByLabelText('Paid on') as HTMLInputElement;
    await user.type(field, '1/2/2027');
    expect(screen.getByLabelText('value').textContent).toBe('2027-02-01');
    await user.tab();
    expect(field.value).toBe('01/02/2027');

    await user.clear(field);
    await user.type(field, '24112026');
    expect(screen.getByLabelText('value').textContent).toBe('2026-11-24');

    await user.clear(field);
    await user.type(field, '11/24/2026');
    await user.tab();
    expect(screen.getByText('Enter the date as DD/MM/YYYY, such as 24/11/2026.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it("puts a date and time together on the club's clocks", async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-12-05T07:00" kind="datetime" />);
    expect((screen.getByLabelText('Event Date') as HTMLInputElement).value).toBe('05/12/2026');
    expect((screen.getByLabelText('Start time') as HTMLInputElement).value).toBe('07:00');
    await user.clear(screen.getByLabelText('Event Date'));
    await user.type(screen.getByLabelText('Event Date'), '12/12/2026');
    expect(screen.getByLabelText('value').textContent).toBe('2026-12-12T07:00');
  });

  it('formats instants day first in the club time zone whatever the browser says', () => {
    expect(formatClubDateTime('2026-11-23T20:00:00Z')).toMatch(/^Tue,? 24 Nov 2026, 7:00 am$/);
    expect(parseAuDate('31/02/2027')).toBeUndefined();
  });
});
