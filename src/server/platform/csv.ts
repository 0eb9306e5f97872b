/** '+61 400 000 000', '+6140000000': a plus followed by digits and spaces only. */
const INTERNATIONAL_PHONE = /^\+\d[\d ]*$/;

/** UTF-8 byte order mark: Excel then reads accents and symbols correctly. */
export const CSV_BOM = '\uFEFF';

/** A number written as it is: a refund's -15.00 must reach the spreadsheet as a number, not as text. */
export class CsvNumber {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`Not a number: ${text}`);
  }
}

/** An amount such as '-15.00' for `csvLine`, written without the apostrophe that guards text. */
export const csvNumber = (text: string) => new CsvNumber(text);

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. A value a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a CR) gets a leading apostrophe
 * so it shows as text (CSV injection). An international phone number ('+61 400 000 000': a plus, then only
 * digits and spaces) is no formula and is written as it is, so a mail merge shows no apostrophe.
 */
export function csvField(value: unknown): string {
  if (value instanceof CsvNumber) return value.text;
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !INTERNATIONAL_PHONE.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line with CRLF, as RFC 4180 and Excel expect. */
export function csvLine(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
