import { useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useLoginModal } from '../features/auth/login-modal';
import { FailureCard, PendingCard } from '../features/auth/result-cards';
import { goTo } from '../features/auth/use-auth';
import { useTokenLink } from '../features/auth/use-token-link';

/** Landing page of the e-mailed sign-in link (e-mail-only login). */
export function SignInPage() {
  const { token } = useSearch({ strict: false }) as { token?: string };
  const link = useTokenLink(token || undefined, 'sign_in');
  const { openLogin } = useLoginModal();

  useEffect(() => {
    if (link.status === 'success') goTo('/member');
  }, [link.status]);

  if (!token) {
    return <FailureCard title="Sign-in Link Failed" message="This sign-in link is incomplete. Please request a new one." action="Request a new link" onAction={() => openLogin('login')} />;
  }
  if (link.status === 'error') {
    return <FailureCard title="Sign-in Link Failed" message={link.message} action="Request a new link" onAction={() => openLogin('login')} />;
  }
  return <PendingCard label="Signing you in..." />;
}
