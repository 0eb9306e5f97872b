/** A markdown table with padded columns, as the benchmarks print them; `rightAligned` are the number columns. */
export function table(header: string[], rows: string[][], rightAligned: number[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (rightAligned.includes(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (rightAligned.includes(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** Bytes as whole megabytes ('145 MB'). */
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
