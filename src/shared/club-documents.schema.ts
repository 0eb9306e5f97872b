import { z } from 'zod';
import type { ClubDocumentId, ClubDocuments, ClubDocumentsEdit } from './documents';

/** Each document as a message names it. */
const NAMES: Record<ClubDocumentId, string> = {
  waiver: 'waiver',
  code_of_conduct: 'code of conduct',
  competition_rules: 'competition rules',
  mission_values: 'mission and values',
};

/** Limits of a document's parts, in characters. */
export const DOCUMENT_LIMITS = { title: 100, description: 300, content: 20_000 } as const;

const words = (id: ClubDocumentId, part: 'title' | 'content', empty: string) =>
  z
    .string({ error: `The ${NAMES[id]}'s ${part} must be text.` })
    .trim()
    .min(1, empty)
    .max(DOCUMENT_LIMITS[part], `The ${NAMES[id]}'s ${part} must be at most ${DOCUMENT_LIMITS[part].toLocaleString('en-AU')} characters.`);

const documentText = (id: ClubDocumentId) =>
  z.object({
    title: words(id, 'title', `The ${NAMES[id]} needs a title.`),
    description: z
      .string({ error: `The ${NAMES[id]}'s description must be text.` })
      .trim()
      .max(DOCUMENT_LIMITS.description, `The ${NAMES[id]}'s description must be at most ${DOCUMENT_LIMITS.description} characters.`),
    content: words(id, 'content', `The ${NAMES[id]} needs its words: it cannot be empty.`),
    required: z.boolean({ error: `Say whether members must accept the ${NAMES[id]}.` }),
  });

const versioned = (id: ClubDocumentId) =>
  documentText(id).extend({
    version: z.string().regex(/^\d{4}-\d{2}-\d{2}(\.\d{1,3})?$/, `The ${NAMES[id]}'s version must be a date like 2026-07-01.`),
  });

/**
 * The club's documents as the committee writes them (the setup page and Admin → Club settings): each document's
 * title, description, words (plain text, with the club's tokens) and whether members must accept it. The server
 * gives each its version.
 */
export const clubDocumentsEditSchema = z.object({
  waiver: documentText('waiver'),
  code_of_conduct: documentText('code_of_conduct'),
  competition_rules: documentText('competition_rules'),
  mission_values: documentText('mission_values'),
}) satisfies z.ZodType<ClubDocumentsEdit>;

/** The club's documents setting: each document with the version its words were adopted at. */
export const clubDocumentsSchema = z.object({
  waiver: versioned('waiver'),
  code_of_conduct: versioned('code_of_conduct'),
  competition_rules: versioned('competition_rules'),
  mission_values: versioned('mission_values'),
}) satisfies z.ZodType<ClubDocuments>;

/** Admin → Club settings' save: the documents, under `documents` as on the setup page ('documents.waiver.content'). */
export const saveClubDocumentsInput = z.object({ documents: clubDocumentsEditSchema });
export type SaveClubDocumentsInput = z.infer<typeof saveClubDocumentsInput>;
