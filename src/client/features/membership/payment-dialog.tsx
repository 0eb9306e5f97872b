import { Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import type { PaymentDetails } from '../../components/join-dialog';
import { DocumentsStep } from './documents-step';
import { PaymentMessages, PaymentSummary } from './payment-messages';
import { PaymentOptions } from './payment-options';
import { PaymentPending, PaymentSuccess } from './payment-outcomes';
import { usePaymentPanel } from './use-payment-panel';

export { PAYMENT_FAILED_INLINE, PAYMENT_PENDING_TEXT } from './payment-texts';

/** The payment dialog; full screen on phones. */
export function PaymentDialog({
  details,
  onClose,
  fullScreen,
}: {
  details: PaymentDetails | null;
  onClose: () => void;
  fullScreen?: boolean;
}) {
  // Keep showing the last payment while the dialog fades out.
  const [shown, setShown] = useState(details);
  if (details && details !== shown) setShown(details);
  return (
    <Modal opened={details !== null} onClose={onClose} title="Complete Your Payment" size="md" fullScreen={fullScreen}>
      {shown && <PaymentPanel details={shown} onDone={onClose} />}
    </Modal>
  );
}

/** Pays for a membership: PayPal's button, or the demo provider on a machine without PayPal. */
export function PaymentPanel({ details, onDone }: { details: PaymentDetails; onDone: () => void }) {
  const state = usePaymentPanel(details);
  const { shownResult, holding, documentsAccepted, setDocumentsAccepted, earlyRenewal } = state;
  if (shownResult) return <PaymentSuccess details={details} result={shownResult} onDone={onDone} />;
  if (holding) return <PaymentPending onDone={onDone} />;
  if (details.documentsToAccept?.length && !documentsAccepted) {
    return <DocumentsStep missing={details.documentsToAccept} onAccepted={() => setDocumentsAccepted(true)} />;
  }
  return (
    <Stack gap="md">
      <PaymentSummary details={details} earlyRenewal={earlyRenewal} />
      <PaymentMessages state={state} />
      <PaymentOptions details={details} state={state} />
    </Stack>
  );
}
