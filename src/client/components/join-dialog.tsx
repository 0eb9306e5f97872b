import { createContext, useContext } from 'react';
import type { MemberProfile } from '../../shared/members.schema';
import type { MembershipType } from '../../shared/membership';

/** What the payment dialog is asked to collect. */
export interface PaymentDetails {
  names: string[];
  membershipType: MembershipType;
  /** What the server said the payment is, e.g. '40.00'. */
  amount: string;
  /** A renewal before the renewal window opens, which the member has confirmed. */
  earlyRenewal?: boolean;
  /** Where the receipt goes (said on the success view), when known. */
  email?: string | null;
  /** Paying for the junior waiting to be added to the household: their membership ends with the household's. */
  addition?: { until: string; becomesFamily: boolean };
  /** The club documents the payer must accept first (their ids), when the server says so. */
  documentsToAccept?: string[];
}

export type JoinState =
  { step: 'closed' } | { step: 'join'; type?: MembershipType; key: number } | { step: 'pay'; details: PaymentDetails };

/** The entry point to joining and paying, usable from any screen; the dialogs themselves live in features/membership. */
export interface JoinDialogApi {
  /** Opens the join form, optionally with a membership type chosen. */
  openJoin: (type?: MembershipType) => void;
  /** Opens payment alone (a renewal). */
  openPayment: (details: PaymentDetails) => void;
  /** Fetches the join dialog ahead of a click (onPointerEnter / onFocus of a Join button). */
  preload: () => void;
}

export const JoinDialogContext = createContext<JoinDialogApi | null>(null);

/** Paying for a member's own household: a registration not paid yet, or a renewal (early only when confirmed). */
export function householdPayment(profile: MemberProfile, options: { earlyRenewal?: boolean } = {}): PaymentDetails {
  return {
    names: profile.household.map((m) => `${m.firstName} ${m.lastName}`),
    membershipType: profile.membershipType,
    amount: profile.renewalAmount,
    email: profile.email,
    documentsToAccept: profile.documentsToAccept,
    ...(options.earlyRenewal ? { earlyRenewal: true } : {}),
  };
}

/** Paying for a junior added to the household's current membership, at the price the server gave. */
export function additionPayment(
  name: string,
  due: { amountDue: string; until: string; becomesFamily: boolean },
  email: string | null,
): PaymentDetails {
  return {
    names: [name],
    membershipType: 'junior',
    amount: due.amountDue,
    email,
    addition: { until: due.until, becomesFamily: due.becomesFamily },
  };
}

export function useJoinDialog(): JoinDialogApi {
  const api = useContext(JoinDialogContext);
  if (!api) throw new Error('useJoinDialog must be used inside <JoinDialogProvider>');
  return api;
}
