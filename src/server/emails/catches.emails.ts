import { CLUB } from '../../shared/club';
import { renderEmail } from './layout';

/** What the judge changed on a catch they approved, in the angler's words ('size 45 cm → 44.5 cm'). */
export interface CatchCorrection {
  what: 'size' | 'species';
  from: string;
  to: string;
}

/** The judge's verdict on a catch, for the angler: a rejection with its reason, or an approval with corrections. */
export const catchVerdictMessage = (d: {
  firstName: string;
  species: string;
  size: string;
  eventName: string;
  verdict: { kind: 'rejected'; reason: string } | { kind: 'corrected'; corrections: CatchCorrection[] };
  catchesUrl: string;
}) => {
  const fish = `${d.species} (${d.size} cm) at ${d.eventName}`;
  return d.verdict.kind === 'rejected'
    ? renderEmail({
        subject: `Your catch was not accepted: ${d.species} at ${d.eventName}`,
        preview: d.verdict.reason,
        greeting: `Hi ${d.firstName},`,
        paragraphs: [
          `The judges did not accept your ${fish}.`,
          `Their reason: ${d.verdict.reason}`,
          'It does not count towards the results or the season ladder. Your other catches are not affected.',
        ],
        button: { label: 'See my catches', url: d.catchesUrl },
        footnote: `Think the judges got it wrong? Reply to this e-mail or speak to the committee. ${CLUB.name}`,
      })
    : renderEmail({
        subject: `Your catch was approved with a correction: ${d.species} at ${d.eventName}`,
        preview: d.verdict.corrections.map((c) => `${c.what} ${c.from} → ${c.to}`).join(', '),
        greeting: `Hi ${d.firstName},`,
        paragraphs: [
          `The judges approved your catch at ${d.eventName}, and corrected it from the photo:`,
          ...d.verdict.corrections.map((c) => `${c.what === 'size' ? 'Size' : 'Species'}: ${c.from} → ${c.to}`),
          'It counts towards the results and the season ladder as corrected.',
        ],
        button: { label: 'See my catches', url: d.catchesUrl },
        footnote: `Questions about a correction? Reply to this e-mail or speak to the committee. ${CLUB.name}`,
      });
};
