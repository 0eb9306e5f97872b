import { Modal } from '@mantine/core';
import { useState } from 'react';
import type { JoinState, PaymentDetails } from '../../components/join-dialog';
import { PaymentDialog } from './payment-dialog';
import { RegistrationForm } from './registration-form';

export interface JoinDialogsProps {
  state: JoinState;
  /** Full screen on phones. */
  phone: boolean;
  onClose: () => void;
  onPay: (details: PaymentDetails) => void;
}

/** The join form and the payment dialog themselves: a chunk of their own, fetched when one first opens. */
export function JoinDialogs({ state, phone, onClose, onPay }: JoinDialogsProps) {
  // Every open dialog closes on Escape; while the code of conduct is open over the form, Escape is
  // for it alone, or a keyboard user reading it would lose the whole form.
  const [conductOpen, setConductOpen] = useState(false);
  return (
    <>
      <Modal
        opened={state.step === 'join'}
        onClose={onClose}
        closeOnEscape={!conductOpen}
        title="Join the Club"
        size="lg"
        fullScreen={phone}
      >
        {state.step === 'join' && (
          <RegistrationForm
            key={state.key}
            initialType={state.type}
            onNestedDialog={setConductOpen}
            onRegistered={(result, email) =>
              onPay({
                names: result.members.map((m) => `${m.firstName} ${m.lastName}`),
                membershipType: result.membershipType,
                amount: result.amount,
                email,
              })
            }
          />
        )}
      </Modal>
      <PaymentDialog details={state.step === 'pay' ? state.details : null} onClose={onClose} fullScreen={phone} />
    </>
  );
}
