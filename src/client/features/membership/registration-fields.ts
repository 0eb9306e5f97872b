import type { ClubDocument } from '../../../shared/documents';

export interface Person {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

export const REQUIRED = [
  'firstName',
  'lastName',
  'email',
  'dateOfBirth',
  'gender',
  'phone',
  'address',
  'shirtSize',
  'membershipType',
] as const;
export const emptyPerson = (): Person => ({ firstName: '', lastName: '', dateOfBirth: '' });

export type DocumentId = ClubDocument['id'];

/** A server field name as the form names it ('additionalMembers.0.firstName' is the first extra person's first name). */
export type PersonField = (typeof REQUIRED)[number];
/** The acceptances the schema checks; they are asked for by toast and the documents' box, not under a field. */
export const ACCEPTANCES = ['termsAccepted', 'codeOfConductAccepted', 'documentsAccepted'] as const;
/** Where a message is kept: a field of the person, an extra person's field ('other0.firstName'), the household or an acceptance. */
export type FormKey = PersonField | `other${number}.${keyof Person}` | 'additionalMembers' | (typeof ACCEPTANCES)[number];
const FORM_KEYS: readonly string[] = [...REQUIRED, 'additionalMembers', ...ACCEPTANCES];
/** A schema or server path as the form names it ('additionalMembers.0.firstName' is the first extra person's first name). */
export const formField = (field: string): FormKey | undefined => {
  const other = /^additionalMembers\.(\d+)\.(firstName|lastName|dateOfBirth)$/.exec(field);
  if (other) return `other${Number(other[1])}.${other[2] as keyof Person}`;
  const head = field.split('.')[0];
  return FORM_KEYS.includes(head) ? (head as FormKey) : undefined;
};
