import { clubToday, formatAuDate, formatClubTime } from '../../shared/dates';
import { DIVISION_LABELS, ENTRY_PAYMENT_LABELS, type DeskView } from '../../shared/entries.schema';
import { CSV_BOM, csvLine, csvNumber } from '../platform/csv';

/** '24/11/2026 7:02 am' (club time): a spreadsheet reads it as the date and time it says. */
const when = (instant: string) => `${formatAuDate(clubToday(new Date(instant)))} ${formatClubTime(instant)}`;

/**
 * An event's entrants as CSV (the committee's 'See who entered'): each entrant with their division, fee and how it
 * stands, check-in and contact details, then the waiting list in order. Built from the sign-on desk's own view, so
 * the two never disagree.
 */
export function entrantsCsv(view: DeskView): string {
  const lines = [
    csvLine([
      'Name',
      'Member or guest',
      'Division',
      'Age on the day',
      'Fee',
      'Payment',
      'Paid by',
      'Checked in',
      'Disqualified',
      'Phone',
      'Email',
      'Entered',
    ]),
  ];
  for (const e of view.entrants)
    lines.push(
      csvLine([
        e.name,
        e.kind === 'guest' ? 'Guest' : 'Member',
        DIVISION_LABELS[e.division],
        e.age,
        csvNumber(e.fee),
        ENTRY_PAYMENT_LABELS[e.paymentState],
        e.paidBy,
        e.checkedInAt ? when(e.checkedInAt) : 'no',
        e.disqualified ? 'yes' : 'no',
        e.phone,
        e.email,
        when(e.enteredAt),
      ]),
    );
  if (view.waiting.length) {
    lines.push(csvLine([]), csvLine(['Waiting list', 'Position', 'Asked for a place']));
    for (const w of view.waiting) lines.push(csvLine([w.name, w.position, when(w.addedAt)]));
  }
  return CSV_BOM + lines.join('');
}
