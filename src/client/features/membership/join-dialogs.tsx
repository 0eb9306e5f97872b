import { Center, Loader, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { JoinState, PaymentDetails } from '../../components/join-dialog';
import { currentUserQuery } from '../../lib/use-auth';
import { useTRPC } from '../../trpc';
import { CurrentMembership, currentMembership } from './current-membership';
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
  // A current member is offered renewal, not a form that would end in 'You are already a member'.
  // Asked only while the form is open: these dialogs stay mounted once loaded, on every page.
  const trpc = useTRPC();
  const joining = state.step === 'join';
  const user = useQuery({ ...currentUserQuery(trpc), enabled: joining }).data ?? null;
  const profile = useQuery({ ...trpc.members.profile.queryOptions(), enabled: user !== null && joining });
  const member = currentMembership(profile.data);
  const checking = user !== null && profile.isPending;
  return (
    <>
      <Modal
        opened={state.step === 'join'}
        onClose={onClose}
        closeOnEscape={!conductOpen}
        title={member ? 'You are already a member' : 'Join the Club'}
        size={member ? 'md' : 'lg'}
        fullScreen={phone}
      >
        {state.step === 'join' && checking && (
          <Center py="md">
            <Loader aria-label="Loading your membership" />
          </Center>
        )}
        {state.step === 'join' && member && <CurrentMembership profile={member} onRenew={onPay} onClose={onClose} />}
        {state.step === 'join' && !checking && !member && (
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
