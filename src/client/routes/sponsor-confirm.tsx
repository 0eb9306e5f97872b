import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useRef } from 'react';
import { FailureCard, LinkActionCard, PendingCard, SuccessCard } from '../features/auth/result-cards';
import { isNetworkError, serverMessage } from '../lib/errors';
import { useTRPC } from '../trpc';

/**
 * /sponsor/confirm?token=…: where the link proving a sponsor's contact address lands. The token is spent only when
 * the person presses the button, so a mail scanner that opens the page confirms nothing. The page shows the club's
 * words and the server's answer only: nothing the applicant typed.
 */
export function SponsorConfirmPage() {
  const { token } = useSearch({ strict: false }) as { token?: string };
  const navigate = useNavigate();
  const trpc = useTRPC();
  const confirm = useMutation(trpc.sponsorships.confirmAddress.mutationOptions());
  const started = useRef(false);
  const home = () => void navigate({ to: '/' });
  const failure = { title: 'Address not confirmed', action: 'Go to the home page', onAction: home };

  if (!token) return <FailureCard {...failure} message="This link is incomplete. Please open it again from the e-mail." />;
  if (confirm.isSuccess) return <SuccessCard title="Address confirmed" text={confirm.data.message} action="Continue" onAction={home} />;
  if (confirm.isError)
    return (
      <FailureCard
        {...failure}
        message={
          isNetworkError(confirm.error)
            ? 'Network error. Please check your connection and try again.'
            : (serverMessage(confirm.error) ?? 'This link could not be used. Please contact the club.')
        }
      />
    );
  if (confirm.isPending) return <PendingCard label="Confirming your address..." />;
  return (
    <LinkActionCard
      title="Confirm your address for your sponsorship"
      text="Press the button below if you applied to sponsor the club with this e-mail address. The club then sends your invoice and receipts here."
      action="Confirm my address"
      onAction={() => {
        if (started.current) return;
        started.current = true;
        confirm.mutate({ token });
      }}
    />
  );
}
