import { Modal } from '@mantine/core';
import type { JoinState } from './join-dialog';
import { PaymentDialog, type PaymentDetails } from './payment-dialog';
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
  return (
    <>
      <Modal opened={state.step === 'join'} onClose={onClose} title="Join the Club" size="lg" fullScreen={phone}>
        {state.step === 'join' && (
          <RegistrationForm
            key={state.key}
            initialType={state.type}
            onRegistered={(result) =>
              onPay({ names: result.members.map((m) => `${m.firstName} ${m.lastName}`), membershipType: result.membershipType, amount: result.amount })
            }
          />
        )}
      </Modal>
      <PaymentDialog details={state.step === 'pay' ? state.details : null} onClose={onClose} />
    </>
  );
}
