import { Center, Stack, Text, Title } from '@mantine/core';
import { useLocation, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AuthCard } from '../features/auth/auth-card';
import { useLoginModal } from '../features/auth/login-modal';
import { FailureCard, TokenLinkCard } from '../features/auth/result-cards';
import { toast } from '../components/toast';
import { goTo } from '../lib/use-auth';
import { useTokenLink } from '../features/auth/use-token-link';
import { afterSignIn, safeReturnPath } from '../../shared/return-path';

/**
 * Landing page of an e-mailed sign-in link (e-mail-only login, a receipt's week-long link): one click signs in.
 * Opening the page spends nothing, so a mail scanner that follows or renders the link leaves it for its owner.
 */
export function SignInPage() {
  const { token, next } = useSearch({ strict: false }) as { token?: string; next?: string };
  const link = useTokenLink(token || undefined, 'sign_in');
  const { openLogin } = useLoginModal();

  const welcome = link.status === 'success' ? welcomeBack(link.user.firstName) : null;
  // The page the person was on when they asked for the link (only a page of this site), else the portal, which
  // welcomes them once (the toast is kept for the page that loads next, and not shown again on a reload).
  useEffect(() => {
    if (!welcome) return;
    toast.successAfterLoad(welcome);
    goTo(safeReturnPath(next) ?? '/member');
  }, [welcome, next]);

  const failure = { title: 'Sign-in Link Failed', action: 'Request a new link', onAction: () => openLogin('login') };

  if (!token) return <FailureCard {...failure} message="This sign-in link is incomplete. Please request a new one." />;
  // Once the link worked the spinner stays while the portal opens.
  return (
    <TokenLinkCard
      link={link}
      invitation={{
        title: 'Sign in to the club',
        text: 'Press the button below to sign in to your club account with this link. It can be used once.',
        action: 'Sign in to your account',
      }}
      pending="Signing you in..."
      failure={failure}
    />
  );
}

/** The welcome on the page an e-mailed sign-in link lands on. */
export const welcomeBack = (firstName: string) =>
  firstName.trim() ? `Welcome back, ${firstName.trim()} — you're signed in.` : "Welcome back — you're signed in.";

/**
 * /member when signed out (a bookmark, the link in a receipt, an expired session): the sign-in card, not the
 * not-found page. Signing in (a password, or the e-mailed link) comes back to the same portal address, a tab such
 * as ?tab=events included (shared/return-path.ts afterSignIn).
 */
export function MemberSignInPage() {
  const back = afterSignIn(useLocation().href);
  return (
    <Center px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="md" w="100%" maw={440} align="stretch">
        <div>
          <Title order={1} size="h2" ta="center">
            Member Portal
          </Title>
          <Text c="dimmed" ta="center" size="sm">
            Please sign in to see your membership, events and catches.
          </Text>
        </div>
        <AuthCard redirectTo={back} />
      </Stack>
    </Center>
  );
}

/**
 * /admin and /admin/cms when signed out (a link in a sponsor notice, a bookmark): the sign-in card, and after signing
 * in (a password, or the e-mailed link) the same address, tab included (shared/return-path.ts afterSignIn), as from
 * the header's Login. Signed in without the admin role, the not-found page as before.
 */
export function AdminSignInPage() {
  const back = afterSignIn(useLocation().href);
  return (
    <Center px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="md" w="100%" maw={440} align="stretch">
        <div>
          <Title order={1} size="h2" ta="center">
            Administration
          </Title>
          <Text c="dimmed" ta="center" size="sm">
            Please sign in with your committee account to continue.
          </Text>
        </div>
        <AuthCard redirectTo={back} />
      </Stack>
    </Center>
  );
}
