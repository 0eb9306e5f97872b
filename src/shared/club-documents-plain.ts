/**
 * Which documents a club has and their shape, apart from the rules that read them (documents.ts): what every page's
 * start needs, so that the rest loads only with the screens that show them.
 */

/** The id of the `<script type="application/json">` in a page's HTML that carries the club's documents. */
export const CLUB_DOCUMENTS_ID = 'club-documents';

/** The club's four documents, in the order they are shown. */
export const CLUB_DOCUMENT_IDS = ['waiver', 'code_of_conduct', 'competition_rules', 'mission_values'] as const;
export type ClubDocumentId = (typeof CLUB_DOCUMENT_IDS)[number];

export type DocumentType = 'Legal' | 'Behavior' | 'Competition' | 'Culture';
/** What kind of document each is (its badge). */
export const DOCUMENT_TYPES: Record<ClubDocumentId, DocumentType> = {
  waiver: 'Legal',
  code_of_conduct: 'Behavior',
  competition_rules: 'Competition',
  mission_values: 'Culture',
};

/** A document as the committee writes it. */
export interface DocumentText {
  title: string;
  description: string;
  /** Plain text; paragraphs separated by blank lines, list items starting with a number or '-'. */
  content: string;
  /** Whether a member must accept it to join and to pay. */
  required: boolean;
}

/** A document as the club keeps it: with its version, the day its words were adopted ('2026-07-01', '2026-07-01.2'). */
export interface VersionedDocument extends DocumentText {
  version: string;
}

/** The club's documents setting: each document by its id. */
export type ClubDocuments = Record<ClubDocumentId, VersionedDocument>;
/** What the committee sends to save them: the server decides the versions. */
export type ClubDocumentsEdit = Record<ClubDocumentId, DocumentText>;
