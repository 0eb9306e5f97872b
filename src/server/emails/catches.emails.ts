import type { ClubProfile } from '../../shared/club-profile';
import { renderEmail } from './layout';

/** What the judge changed on a catch they approved, in the angler's words ('size 45 cm → 44.5 cm'). */
export interface CatchCorrection {
  what: 'size' | 'species';
  from: string;
  to: string;
}

/** What the judges did to a catch, as its angler hears of it. */
export type CatchVerdict =
  | { kind: 'approved' }
  | { kind: 'corrected'; corrections: CatchCorrection[] }
  | { kind: 'rejected'; reason: string }
  /** A decision taken back: the catch waits for the judges again. */
  | { kind: 'reopened'; was: 'verified' | 'rejected' };

/** The facts every verdict e-mail names. */
export interface CatchVerdictFacts {
  /** Who reads it: the angler, or for a junior without an account the household's primary member. */
  readerFirstName: string;
  /** The angler's first name when the reader is someone else, else null ('your catch'). */
  anglerFirstName: string | null;
  /** As the angler logged it. */
  species: string;
  size: string;
  eventName: string;
  /** The judges decided again after reopening their first decision. */
  reconsidered: boolean;
  catchesUrl: string;
}

const SEE_CATCHES = 'See my catches';

/** The judges' verdict on a catch, for the angler: approved, approved with corrections, rejected, or reopened. */
export function catchVerdictMessage(club: ClubProfile, d: CatchVerdictFacts & { verdict: CatchVerdict }) {
  const whose = d.anglerFirstName ? `${d.anglerFirstName}'s` : 'your';
  const Whose = d.anglerFirstName ? `${d.anglerFirstName}'s` : 'Your';
  const fish = `${d.species} (${d.size} cm) at ${d.eventName}`;
  const lead = d.reconsidered ? 'After a second look, the judges' : 'The judges';
  const subjectLead = d.reconsidered ? `After a second look, ${whose} catch` : `${Whose} catch`;
  const greeting = `Hi ${d.readerFirstName},`;
  const button = { label: SEE_CATCHES, url: d.catchesUrl };
  const v = d.verdict;
  switch (v.kind) {
    case 'approved':
      return renderEmail(club, {
        subject: `${subjectLead} was approved: ${d.species} at ${d.eventName}`,
        preview: 'It counts towards the results and the season ladder.',
        greeting,
        paragraphs: [`${lead} approved ${whose} ${fish}.`, 'It counts towards the results and the season ladder.'],
        button,
        footnote: `Questions? Reply to this e-mail or speak to the committee. ${club.name}`,
      });
    case 'corrected':
      return renderEmail(club, {
        subject: `${subjectLead} was approved with a correction: ${d.species} at ${d.eventName}`,
        preview: v.corrections.map((c) => `${c.what} ${c.from} → ${c.to}`).join(', '),
        greeting,
        paragraphs: [
          `${lead} approved ${whose} catch at ${d.eventName}, and corrected it from the photo:`,
          ...v.corrections.map((c) => `${c.what === 'size' ? 'Size' : 'Species'}: ${c.from} → ${c.to}`),
          'It counts towards the results and the season ladder as corrected.',
        ],
        button,
        footnote: `Questions about a correction? Reply to this e-mail or speak to the committee. ${club.name}`,
      });
    case 'rejected':
      return renderEmail(club, {
        subject: `${subjectLead} was not accepted: ${d.species} at ${d.eventName}`,
        preview: v.reason,
        greeting,
        paragraphs: [
          `${lead} did not accept ${whose} ${fish}.`,
          `Their reason: ${v.reason}`,
          `It does not count towards the results or the season ladder. ${d.anglerFirstName ? 'Other' : 'Your other'} catches are not affected.`,
        ],
        button,
        footnote: `Think the judges got it wrong? Reply to this e-mail or speak to the committee. ${club.name}`,
      });
    case 'reopened':
      return renderEmail(club, {
        subject: `The judges are looking again at ${whose} catch: ${d.species} at ${d.eventName}`,
        preview: 'Their decision is reopened; you will hear the new one.',
        greeting,
        paragraphs: [
          `The judges have reopened their decision on ${whose} ${fish}, which they had ${v.was === 'verified' ? 'approved' : 'not accepted'}, and are looking at it again.`,
          v.was === 'verified'
            ? 'Until they decide again it does not count towards the results. You will hear their decision.'
            : 'It may count after all: you will hear their decision.',
        ],
        button,
        footnote: `Questions? Reply to this e-mail or speak to the committee. ${club.name}`,
      });
  }
}
