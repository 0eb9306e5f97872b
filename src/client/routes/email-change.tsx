import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useRef } from 'react';
import { FailureCard, LinkActionCard, PendingCard, SuccessCard } from '../features/auth/result-cards';
import { isNetworkError, serverMessage } from '../lib/errors';
import { useTRPC } from '../trpc';

/** What a link of an e-mail change asks the person to press: its token is spent only by that press. */
const INVITATIONS = {
  identity: {
    title: 'Is it you changing your e-mail address?',
    text: 'Press the button below if you asked to change the e-mail address you sign in with. We then send a link to the new address.',
    action: 'Yes, it is me',
    busy: 'Checking the link...',
  },
  confirm: {
    title: 'Confirm your new e-mail address',
    text: 'Press the button below to make this the address of your club record (and the one you sign in with).',
    action: 'Confirm my new address',
    busy: 'Changing your e-mail address...',
  },
  undo: {
    title: 'Undo the change of your e-mail address',
    text: 'Press the button below to put your club record back on this address. Everyone signed in to your account is signed out, and its password is removed.',
    action: 'Undo the change',
    busy: 'Putting your address back...',
  },
} as const;

/**
 * Where the links of an e-mail change land (/email-change?token=… from the current or the new address, ?undo=… from
 * the old address's notice). A token is spent only when the person presses the button, so a mail scanner that opens
 * the page changes nothing.
 */
export function EmailChangePage() {
  const search = useSearch({ strict: false }) as { token?: string; step?: string; undo?: string };
  const navigate = useNavigate();
  const trpc = useTRPC();
  const confirm = useMutation(trpc.members.confirmEmailChange.mutationOptions());
  const undo = useMutation(trpc.members.undoEmailChange.mutationOptions());
  const started = useRef(false);
  const home = () => void navigate({ to: '/' });
  const kind = search.undo ? 'undo' : search.step === 'identity' ? 'identity' : 'confirm';
  const invitation = INVITATIONS[kind];
  const token = search.undo ?? search.token;
  const used = kind === 'undo' ? undo : confirm;
  const failure = {
    title: kind === 'undo' ? 'Address not put back' : 'Address not changed',
    action: 'Go to the home page',
    onAction: home,
  };

  if (!token) return <FailureCard {...failure} message="This link is incomplete. Please open it again from the e-mail." />;
  if (used.isSuccess) {
    const title =
      kind === 'undo'
        ? 'Your address is back'
        : confirm.data?.changed === false
          ? 'Thank you: check your new address'
          : 'E-mail address changed';
    return <SuccessCard title={title} text={used.data.message} action="Continue" onAction={home} />;
  }
  if (used.isError)
    return (
      <FailureCard
        {...failure}
        message={
          isNetworkError(used.error)
            ? 'Network error. Please check your connection and try again.'
            : (serverMessage(used.error) ?? 'This link could not be used. Please ask for a new one.')
        }
      />
    );
  if (used.isPending) return <PendingCard label={invitation.busy} />;
  return (
    <LinkActionCard
      title={invitation.title}
      text={invitation.text}
      action={invitation.action}
      onAction={() => {
        if (started.current) return;
        started.current = true;
        if (kind === 'undo') undo.mutate({ token });
        else confirm.mutate({ token });
      }}
    />
  );
}
