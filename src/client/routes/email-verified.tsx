import { useNavigate, useSearch } from '@tanstack/react-router';
import { FailureCard, LinkActionCard, PendingCard, SuccessCard } from '../features/auth/result-cards';
import { goTo } from '../lib/use-auth';
import { useTokenLink } from '../features/auth/use-token-link';

export interface EmailVerifiedSearch {
  token?: string;
  verified?: string;
  error?: string;
}

/**
 * SPEC §2.4: the landing page of the verification link in the e-mail. The link's token is spent only when the
 * person presses 'Verify my email address' (then the 'Verifying your email...' spinner and the result cards), so
 * a mail scanner that opens or renders the page does not use it up.
 */
export function EmailVerifiedPage() {
  const search = useSearch({ strict: false }) as EmailVerifiedSearch;
  const navigate = useNavigate();
  const link = useTokenLink(search.token || undefined, 'verify_email');
  const tryAgain = () => void navigate({ to: '/' });

  if (search.token) {
    if (link.status === 'success') return <Verified />;
    if (link.status === 'error')
      return <FailureCard title="Verification Failed" message={link.message} action="Try Again" onAction={tryAgain} />;
    if (link.status === 'idle') {
      return (
        <LinkActionCard
          title="Verify your email"
          text="Press the button below to verify your email address and sign in to your club account."
          action="Verify my email address"
          onAction={link.spend}
        />
      );
    }
    return <PendingCard label="Verifying your email..." />;
  }
  if (search.verified === 'true') return <Verified />;
  if (search.error) return <FailureCard title="Verification Failed" message={search.error} action="Try Again" onAction={tryAgain} />;
  return <FailureCard title="Verification Failed" message="Invalid verification link" action="Try Again" onAction={tryAgain} />;
}

function Verified() {
  return (
    <SuccessCard
      title="Email Verified!"
      text="Your email address has been verified and you are now signed in."
      action="Continue to Your Account"
      onAction={() => goTo('/')}
    />
  );
}
