import { CLUB_DOCUMENT_IDS, CLUB_DOCUMENTS_ID, type ClubDocuments, type VersionedDocument } from '../../shared/club-documents-plain';
import type { ClubFacts } from '../../shared/documents';
import { categoriesOf } from '../../shared/species';
import { useClub } from './club-profile';
import { useCompetitionRules } from './competition-rules';
import { pageSetting } from './page-setting';
import { useSpecies } from './species';

const isDocument = (value: unknown): value is VersionedDocument => {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as { [K in keyof VersionedDocument]?: unknown };
  return (
    typeof d.title === 'string' &&
    typeof d.description === 'string' &&
    typeof d.content === 'string' &&
    typeof d.required === 'boolean' &&
    typeof d.version === 'string'
  );
};

/** Documents as the server wrote them (checked in full by their schema when saved): only their shape is checked here. */
const isDocuments = (value: unknown): value is ClubDocuments =>
  typeof value === 'object' && value !== null && CLUB_DOCUMENT_IDS.every((id) => isDocument((value as Record<string, unknown>)[id]));

/** Until the documents are known (only ever briefly, on a page served without them): no words, nothing to accept. */
const unknownDocument = (title: string): VersionedDocument => ({ title, description: '', content: '', required: false, version: '' });
const UNKNOWN_DOCUMENTS: ClubDocuments = {
  waiver: unknownDocument('Waiver'),
  code_of_conduct: unknownDocument('Code of Conduct'),
  competition_rules: unknownDocument('Competition Rules'),
  mission_values: unknownDocument('Mission & Values'),
};

const documents = pageSetting<ClubDocuments>({
  id: CLUB_DOCUMENTS_ID,
  path: 'club.documents',
  isValid: isDocuments,
  unknown: UNKNOWN_DOCUMENTS,
});

/** Takes the club's documents (the page's, the device's copy, or the ones just saved in Admin → Club settings). */
export const setClubDocuments = documents.set;
/** At start: the documents the page came with, else the device's copy, else asks the API. */
export const keepClubDocuments = documents.keep;
/** Asks the API for the documents afresh (a join refused for an outdated version shows the new words). */
export const refreshClubDocuments = documents.refresh;
/** The club's documents, each at its version, in a component: it redraws when they are saved anew. */
export const useClubDocuments = documents.use;

/** What the documents' tokens are filled from in a component: the club's profile, competition rules and categories. */
export function useClubFacts(): ClubFacts {
  return { club: useClub(), competition: useCompetitionRules(), categories: categoriesOf(useSpecies()) };
}
