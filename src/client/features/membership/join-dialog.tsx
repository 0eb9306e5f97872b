import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { MembershipType } from '../../../shared/membership';
import { PaymentDialog, type PaymentDetails } from './payment-dialog';
import { RegistrationForm } from './registration-form';

type State = { step: 'closed' } | { step: 'join'; type?: MembershipType; key: number } | { step: 'pay'; details: PaymentDetails };

interface JoinDialogApi {
  /** Opens the join form, optionally with a membership type chosen. */
  openJoin: (type?: MembershipType) => void;
  /** Opens payment alone (a renewal). */
  openPayment: (details: PaymentDetails) => void;
}

const JoinDialogContext = createContext<JoinDialogApi | null>(null);

/** The join form and the payment dialog that follows it; closing payment closes the whole registration (SPEC §4). */
export function JoinDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ step: 'closed' });
  const phone = useMediaQuery('(max-width: 48em)');
  const close = useCallback(() => setState({ step: 'closed' }), []);
  const openJoin = useCallback((type?: MembershipType) => setState({ step: 'join', type, key: Date.now() }), []);
  const openPayment = useCallback((details: PaymentDetails) => setState({ step: 'pay', details }), []);
  const api = useMemo(() => ({ openJoin, openPayment }), [openJoin, openPayment]);

  return (
    <JoinDialogContext.Provider value={api}>
      {children}
      <Modal opened={state.step === 'join'} onClose={close} title="Join the Club" size="lg" fullScreen={phone}>
        {state.step === 'join' && (
          <RegistrationForm
            key={state.key}
            initialType={state.type}
            onRegistered={(result) =>
              openPayment({ names: result.members.map((m) => `${m.firstName} ${m.lastName}`), membershipType: result.membershipType, amount: result.amount })
            }
          />
        )}
      </Modal>
      <PaymentDialog details={state.step === 'pay' ? state.details : null} onClose={close} />
    </JoinDialogContext.Provider>
  );
}

export function useJoinDialog(): JoinDialogApi {
  const api = useContext(JoinDialogContext);
  if (!api) throw new Error('useJoinDialog must be used inside <JoinDialogProvider>');
  return api;
}
