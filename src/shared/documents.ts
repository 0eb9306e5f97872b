/**
 * The club documents' plain rules (no zod: pages import it): which documents there are, which a member must accept
 * and at which version, how a change makes a new version, and how their words take the club's own facts. The
 * documents themselves are the club's setting (checked by `clubDocumentsSchema` in club-documents.schema.ts).
 */
import type { ClubProfile } from './club-profile';
import type { CompetitionRules } from './competition';
import { formatAud } from './membership';
import {
  CLUB_DOCUMENT_IDS,
  DOCUMENT_TYPES,
  type ClubDocumentId,
  type ClubDocuments,
  type ClubDocumentsEdit,
  type DocumentType,
  type VersionedDocument,
} from './club-documents-plain';
import { stateFishing } from './state-fishing';

export type { ResourceLink } from './state-fishing';

export {
  CLUB_DOCUMENT_IDS,
  CLUB_DOCUMENTS_ID,
  DOCUMENT_TYPES,
  type ClubDocumentId,
  type ClubDocuments,
  type ClubDocumentsEdit,
  type DocumentText,
  type DocumentType,
  type VersionedDocument,
} from './club-documents-plain';

/** One document as the screens list it. */
export interface ClubDocument extends VersionedDocument {
  id: ClubDocumentId;
  type: DocumentType;
}

/** The club's documents in their order, each with its id and kind. */
export const documentList = (documents: ClubDocuments): ClubDocument[] =>
  CLUB_DOCUMENT_IDS.map((id) => ({ ...documents[id], id, type: DOCUMENT_TYPES[id] }));

/** The documents as the committee edits them: their versions are the server's to decide. */
export const documentsEdit = (documents: ClubDocuments): ClubDocumentsEdit =>
  Object.fromEntries(
    CLUB_DOCUMENT_IDS.map((id) => {
      const { title, description, content, required } = documents[id];
      return [id, { title, description, content, required }];
    }),
  ) as ClubDocumentsEdit;

/** The documents a person must accept to join. */
export const requiredDocuments = (documents: ClubDocuments): ClubDocument[] => documentList(documents).filter((d) => d.required);

/** Every required document at its current version (what a completed join form sends). */
export const acceptedVersions = (documents: ClubDocuments) => requiredDocuments(documents).map((d) => ({ id: d.id, version: d.version }));

/** The required documents a person has not accepted at their current versions (all of them for no acceptance). */
export function documentsToAccept(
  documents: ClubDocuments,
  accepted: readonly { id: string; version: string }[] | null | undefined,
): ClubDocument[] {
  return requiredDocuments(documents).filter((d) => !accepted?.some((a) => a.id === d.id && a.version === d.version));
}

/** 'A, B and C'. */
const listed = (titles: string[]) => (titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}` : titles[0]);

/** Why a join form's acceptances are refused: 'Please read and accept Competition Rules & Waiver, Code of Conduct and …'. */
export const documentsRequiredMessage = (documents: ClubDocuments) =>
  `Please read and accept ${listed(requiredDocuments(documents).map((d) => d.title))}.`;

/** Why a membership waits for its adult: 'Before the membership can start, Ben must accept the Waiver and Competition Rules…' */
export function documentsNeededMessage(firstName: string, missing: ClubDocument[]): string {
  return `Before the membership can be paid, ${firstName} must read and accept the club's ${listed(missing.map((d) => d.title))}. Sign in to the member portal to accept them, then pay.`;
}

/** What a guest accepts before entering an event: the waiver and the competition rules. */
export const guestDocuments = (documents: ClubDocuments): ClubDocument[] =>
  documentList(documents).filter((d) => d.id === 'waiver' || d.id === 'competition_rules');
export const guestDocumentsMessage = (documents: ClubDocuments) =>
  `Please read and accept the ${guestDocuments(documents)
    .map((d) => d.title)
    .join(' and the ')}.`;
/** The guest's documents at their current versions (what a completed guest form sends). */
export const acceptedGuestVersions = (documents: ClubDocuments) => guestDocuments(documents).map((d) => ({ id: d.id, version: d.version }));
/** Whether a guest accepted each of the guest documents at its current version. */
export const guestAccepted = (documents: ClubDocuments, accepted: readonly { id: string; version: string }[]) =>
  guestDocuments(documents).every((d) => accepted.some((a) => a.id === d.id && a.version === d.version));

/**
 * The documents the committee saved, each with its version: a document whose title or words changed is adopted
 * today ('2026-08-03'; saved again the same day, '2026-08-03.2', '.3'…), so members are asked to accept it again;
 * one whose words are the same keeps its version (a new description or required flag asks no one again).
 */
export function versionedDocuments(before: ClubDocuments, edit: ClubDocumentsEdit, today: string): ClubDocuments {
  const next = {} as ClubDocuments;
  for (const id of CLUB_DOCUMENT_IDS) {
    const was = before[id];
    const now = edit[id];
    const same = was.title === now.title && was.content === now.content;
    next[id] = { ...now, version: same ? was.version : nextVersion(was.version, today) };
  }
  return next;
}

/** Today's version, or the next of today's when the document already has one of today's. */
function nextVersion(current: string, today: string): string {
  if (current !== today && !current.startsWith(`${today}.`)) return today;
  const count = current === today ? 1 : Number(current.slice(today.length + 1)) || 1;
  return `${today}.${count + 1}`;
}

/**
 * A document's words with the club's own in place of `{club}`, `{area}` and `{association}` (the incorporated
 * association's number as a sentence, or nothing when the club has none).
 */
export function withClubWords(text: string, club: Pick<ClubProfile, 'name' | 'area' | 'associationNumber'>): string {
  const association = club.associationNumber ? `Incorporated association ${club.associationNumber}.` : '';
  return text.replaceAll('{club}', club.name).replaceAll('{area}', club.area).replaceAll('{association}', association).trim();
}

/** What a document's words are filled from: the club's profile and competition rules, and the categories it competes in. */
export interface ClubFacts {
  club: Pick<ClubProfile, 'name' | 'area' | 'associationNumber' | 'state'>;
  competition: CompetitionRules;
  /** The species an event's catches are placed in. */
  categories: readonly string[];
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const PLACES = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];

/** '$10', '$12.50': an amount as the club's rules say it. */
const dollars = (cents: number) => formatAud(cents).replace(/\.00$/, '');

/** '7am', '2:30pm': a club time ('HH:mm') as the club's rules say it. */
function spokenTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 ? 'am' : 'pm'}`;
}

/** The end of sign-on: the fishing start plus the club's sign-on hours, on the same clock. */
function signOnEnds(times: CompetitionRules['times']): string {
  const [h, m] = times.fishingStart.split(':').map(Number);
  return `${String((h + times.signOnHours) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * Each token a document may hold, and its words from the club's facts: so the competition rules document always
 * says what the competition settings decide, and the code of conduct what the club's state's law asks.
 */
function factWords({ club, competition, categories }: ClubFacts): Record<string, string> {
  const fees = competition.entryFeesCents;
  const { times } = competition;
  return {
    '{entryFees}': `${dollars(fees.member)} per entrant, ${dollars(fees.nonMember)} for non-members${fees.junior === null ? '' : `, ${dollars(fees.junior)} for juniors`}`,
    '{times}': `Registration: ${spokenTime(times.fishingStart)} to ${spokenTime(signOnEnds(times))}. Fishing: ${spokenTime(times.fishingStart)} to ${spokenTime(times.fishingEnd)}. Presentation: ${spokenTime(times.presentation)}.`,
    '{prizes}': competition.placePrizes.map((p, i) => `${PLACES[i]} ${p.text}`).join(', '),
    '{points}': competition.championPoints.map((p, i) => `${p} for ${ORDINALS[i]}`).join(', '),
    '{mysteryFish}': competition.mysteryFishPrize.text,
    '{pictureOfMonth}': competition.pictureOfMonthPrize.text,
    '{categories}': categories.join(', '),
    '{offshore}': competition.offshoreAllowed ? 'Offshore fishing is allowed within the fishing area.' : 'No offshore fishing.',
    '{state}': club.state,
    '{licence}': stateFishing(club.state).licenceRule,
  };
}

/** The tokens a document may hold besides `{club}`, `{area}` and `{association}`. */
export const FACT_TOKENS = [
  '{entryFees}',
  '{times}',
  '{prizes}',
  '{points}',
  '{mysteryFish}',
  '{pictureOfMonth}',
  '{categories}',
  '{offshore}',
  '{state}',
  '{licence}',
] as const;

/** A document's words as every screen, answer and e-mail shows them: the club's words and its facts in place of the tokens. */
export function withClubFacts(text: string, facts: ClubFacts): string {
  const words = factWords(facts);
  let filled = text;
  for (const token of FACT_TOKENS) filled = filled.replaceAll(token, words[token]);
  return withClubWords(filled, facts.club);
}

/** A document's numbered rules ('3. Title. Text' a line): each rule's title and text, as the code of conduct lists them. */
export function numberedRules(content: string): { title: string; text: string }[] {
  return content
    .split(/\n+/)
    .map((line) => line.trim().replace(/^\d+[.)]\s*/, ''))
    .filter(Boolean)
    .map((line) => {
      const end = line.indexOf('. ');
      return end < 0 ? { title: '', text: line } : { title: line.slice(0, end), text: line.slice(end + 2) };
    });
}
