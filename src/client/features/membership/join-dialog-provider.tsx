import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { MembershipType } from '../../../shared/membership';
import { JoinDialogContext, type JoinState, type PaymentDetails } from '../../components/join-dialog';
import { DialogLoader, LoadBoundary, onDemandPart } from '../../components/on-demand';

// The dialogs (their frames, the form, the payment and all they need) are a chunk of their own,
// fetched when one first opens, or earlier when the pointer reaches (or focus lands on) a Join button.
const JoinDialogs = onDemandPart(async () => (await import('./join-dialogs')).JoinDialogs);

/** The join form and the payment dialog that follows it; closing payment closes the whole registration. */
export function JoinDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<JoinState>({ step: 'closed' });
  const phone = useMediaQuery('(max-width: 48em)');
  const close = useCallback(() => setState({ step: 'closed' }), []);
  const openJoin = useCallback((type?: MembershipType) => setState({ step: 'join', type, key: Date.now() }), []);
  const openPayment = useCallback((details: PaymentDetails) => setState({ step: 'pay', details }), []);
  const api = useMemo(() => ({ openJoin, openPayment, preload: JoinDialogs.preload }), [openJoin, openPayment]);

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
