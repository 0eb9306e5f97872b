import { useMediaQuery } from '@mantine/hooks';
import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { MemberProfile } from '../../../shared/members.schema';
import type { MembershipType } from '../../../shared/membership';
import { DialogLoader, LoadBoundary, onDemandPart } from '../../components/on-demand';
import type { PaymentDetails } from './payment-dialog';

export type JoinState =
  { step: 'closed' } | { step: 'join'; type?: MembershipType; key: number } | { step: 'pay'; details: PaymentDetails };

interface JoinDialogApi {
  /** Opens the join form, optionally with a membership type chosen. */
  openJoin: (type?: MembershipType) => void;
  /** Opens payment alone (a renewal). */
  openPayment: (details: PaymentDetails) => void;
}

const JoinDialogContext = createContext<JoinDialogApi | null>(null);

// The dialogs (their frames, the form, the payment and all they need) are a chunk of their own,
// fetched when one first opens, or earlier when the pointer reaches (or focus lands on) a Join button.
const JoinDialogs = onDemandPart(async () => (await import('./join-dialogs')).JoinDialogs);

/** Fetches the join dialog ahead of a click (onPointerEnter / onFocus of a Join button). */
export const preloadJoin = JoinDialogs.preload;

/** The join form and the payment dialog that follows it; closing payment closes the whole registration (SPEC §4). */
export function JoinDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<JoinState>({ step: 'closed' });
  const phone = useMediaQuery('(max-width: 48em)');
  const close = useCallback(() => setState({ step: 'closed' }), []);
  const openJoin = useCallback((type?: MembershipType) => setState({ step: 'join', type, key: Date.now() }), []);
  const openPayment = useCallback((details: PaymentDetails) => setState({ step: 'pay', details }), []);
  const api = useMemo(() => ({ openJoin, openPayment }), [openJoin, openPayment]);

  return (
    <JoinDialogContext.Provider value={api}>
      {children}
      {(state.step !== 'closed' || JoinDialogs.isLoaded()) && (
        <LoadBoundary onError={close}>
          <Suspense fallback={state.step !== 'closed' ? <DialogLoader onClose={close} /> : null}>
            <JoinDialogs state={state} phone={phone} onClose={close} onPay={openPayment} />
          </Suspense>
        </LoadBoundary>
      )}
    </JoinDialogContext.Provider>
  );
}

/** Paying for a member's own household: a registration not paid yet, or a renewal (early only when confirmed). */
export function householdPayment(profile: MemberProfile, options: { earlyRenewal?: boolean } = {}): PaymentDetails {
  return {
    names: profile.household.map((m) => `${m.firstName} ${m.lastName}`),
    membershipType: profile.membershipType,
    amount: profile.renewalAmount,
    email: profile.email,
    ...(options.earlyRenewal ? { earlyRenewal: true } : {}),
  };
}

export function useJoinDialog(): JoinDialogApi {
  const api = useContext(JoinDialogContext);
  if (!api) throw new Error('useJoinDialog must be used inside <JoinDialogProvider>');
  return api;
}
