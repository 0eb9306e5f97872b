import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useRef } from 'react';
import { FailureCard, LinkActionCard, PendingCard, SuccessCard } from '../features/auth/result-cards';
import { isNetworkError, serverMessage } from '../lib/errors';
import { useTRPC } from '../trpc';

/**
 * Where the link confirming a new e-mail address lands (/email-change?token=…). The token is spent only when the
 * person presses 'Confirm my new address', so a mail scanner that opens the page changes nothing.
 */
export function EmailChangePage() {
  const search = useSearch({ strict: false }) as { token?: string };
  const navigate = useNavigate();
  const trpc = useTRPC();
  const confirm = useMutation(trpc.members.confirmEmailChange.mutationOptions());
  const started = useRef(false);
  const home = () => void navigate({ to: '/' });
  const failure = { title: 'Address not changed', action: 'Go to the home page', onAction: home };

  if (!search.token) return <FailureCard {...failure} message="This link is incomplete. Please open it again from the e-mail." />;
  if (confirm.isSuccess)
    return (
      <SuccessCard
        title="E-mail address changed"
        text={confirm.data.message}
        action="Continue"
        onAction={() => void navigate({ to: '/' })}
      />
    );
  if (confirm.isError)
    return (
      <FailureCard
        {...failure}
        message={
          isNetworkError(confirm.error)
            ? 'Network error. Please check your connection and try again.'
            : (serverMessage(confirm.error) ?? 'This link could not be used. Please ask for a new one.')
        }
      />
    );
  if (confirm.isPending) return <PendingCard label="Changing your e-mail address..." />;
  return (
    <LinkActionCard
      title="Confirm your new e-mail address"
      text="Press the button below to make this the address of your club record (and the one you sign in with)."
      action="Confirm my new address"
      onAction={() => {
        if (started.current) return;
        started.current = true;
        confirm.mutate({ token: search.token! });
      }}
    />
  );
}
