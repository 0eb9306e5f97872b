import { useNavigate, useSearch } from '@tanstack/react-router';
import { FailureCard, SuccessCard, TokenLinkCard } from '../features/auth/result-cards';
import { goTo } from '../lib/use-auth';
import { useTokenLink } from '../features/auth/use-token-link';

export interface EmailVerifiedSearch {
  token?: string;
  verified?: string;
  error?: string;
}

/**
 * The landing page of the verification link in the e-mail. The link's token is spent only when the
 * person presses 'Verify my email address' (then the 'Verifying your email...' spinner and the result cards), so
 * a mail scanner that opens or renders the page does not use it up.
 */
export function EmailVerifiedPage() {
  const search = useSearch({ strict: false }) as EmailVerifiedSearch;
  const navigate = useNavigate();
  const link = useTokenLink(search.token || undefined, 'verify_email');
  const failure = { title: 'Verification Failed', action: 'Try Again', onAction: () => void navigate({ to: '/' }) };

  if (search.token) {
    return (
      <TokenLinkCard
        link={link}
        invitation={{
          title: 'Verify your email',
          text: 'Press the button below to verify your email address and sign in to your club account.',
          action: 'Verify my email address',
        }}
        pending="Verifying your email..."
        failure={failure}
        success={<Verified />}
      />
    );
  }
  if (search.verified === 'true') return <Verified />;
  return <FailureCard {...failure} message={search.error || 'Invalid verification link'} />;
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
