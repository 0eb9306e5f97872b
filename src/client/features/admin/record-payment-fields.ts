import type { AdminMemberRow } from '../../../shared/admin.schema';
import type { PaymentQuoteInput } from '../../../shared/admin-payments.schema';
import { isIsoDate } from '../../../shared/dates';
import type { GENDERS, MembershipType } from '../../../shared/membership';
import type { ManualPaymentMethod } from '../../../shared/payments';

export type Mode = 'new' | 'renewal';
export interface Other {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

export const emptyPerson = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  dateOfBirth: '',
  gender: '',
  shirtSize: '',
  membershipType: 'adult',
};
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: 'Male', female: 'Female' };

export type Values = typeof emptyPerson & { method: ManualPaymentMethod; paidOn: string; reference: string };
/** Where a message is kept: a field of the form, a person paying with them ('other0.firstName'), the member found, the fee. */
export type MessageKey = keyof Values | `other${number}.${keyof Other}` | 'additionalMembers' | 'memberId' | 'amount';
const OWN_KEYS: readonly string[] = [
  ...Object.keys(emptyPerson),
  'method',
  'paidOn',
  'reference',
  'additionalMembers',
  'memberId',
  'amount',
];
/**
 * A schema or server path as the form keeps it: the schema names the new member's fields by their path ('member.email',
 * 'member.additionalMembers.0.firstName'); a rule the server checks itself names them plainly ('email').
 */
export const messageKey = (path: string): MessageKey | undefined => {
  const key = path.replace(/^member\./, '');
  const other = /^additionalMembers\.(\d+)\.(firstName|lastName|dateOfBirth)$/.exec(key);
  if (other) return `other${Number(other[1])}.${other[2] as keyof Other}`;
  const head = key.split('.')[0];
  return OWN_KEYS.includes(head) ? (head as MessageKey) : undefined;
};

/** What the server is asked to price: the member found, or the new member and those paying with them once their dates are in. */
export function quoteInputOf(mode: Mode, picked: AdminMemberRow | null, person: Values, others: Other[]): PaymentQuoteInput | null {
  return mode === 'renewal'
    ? picked
      ? { mode: 'renewal', memberId: picked.id }
      : null
    : isIsoDate(person.dateOfBirth) && others.every((o) => isIsoDate(o.dateOfBirth))
      ? {
          mode: 'new',
          membershipType: person.membershipType as MembershipType,
          firstName: person.firstName.trim() || undefined,
          lastName: person.lastName.trim() || undefined,
          dateOfBirth: person.dateOfBirth,
          additionalMembers: others.map((o) => ({
            firstName: o.firstName.trim() || undefined,
            lastName: o.lastName.trim() || undefined,
            dateOfBirth: o.dateOfBirth,
          })),
        }
      : null;
}
