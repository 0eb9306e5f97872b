/** UTF-8 byte order mark: Excel then reads accents and symbols correctly. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. A value a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a CR) gets a leading apostrophe
 * so it shows as text (CSV injection).
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line with CRLF, as RFC 4180 and Excel expect. */
export function csvLine(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
