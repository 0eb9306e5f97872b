import { Button, Card, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { loginInput, signupInput } from '../../../shared/auth.schema';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { isNetworkError, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { CheckEmail } from './check-email';
import { goTo, useRefreshAuth } from '../../lib/use-auth';

export type AuthTab = 'login' | 'signup';

export interface AuthCardProps {
  initialTab?: AuthTab;
  /** Called after a successful password login (the login dialog closes). */
  onSuccess?: () => void;
  /** Drop the card's own border and padding (inside a dialog). */
  embedded?: boolean;
  /**
   * Where a login lands (a full load): at once after a password, and through the e-mailed sign-in link otherwise; the
   * member portal unless the card stands on another address (an admin's link to /admin?tab=sponsors).
   */
  redirectTo?: string;
}

interface Pending {
  kind: 'verify' | 'sign_in_link';
  email: string;
  userId: string | null;
  message: string;
}

const NETWORK_ERROR = 'Network error. Please try again.';

/** SPEC §2.3: 'Welcome' card with Login and Sign Up tabs, then the 'Check Your Email' view. */
export function AuthCard({ initialTab = 'login', onSuccess, embedded = false, redirectTo = '/member' }: AuthCardProps) {
  const trpc = useTRPC();
  const refreshAuth = useRefreshAuth();
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [pending, setPending] = useState<Pending | null>(null);
  // The e-mailed link lands on the portal unless the card stands on another address.
  const returnTo = redirectTo === '/member' ? {} : { next: redirectTo };

  const loginForm = useSchemaForm({
    schema: loginInput,
    initialValues: { email: '', password: '' },
    toInput: (v) => ({ email: v.email, password: v.password.trim() }),
  });
  const signupForm = useSchemaForm({ schema: signupInput, initialValues: { email: '', firstName: '', lastName: '' } });

  const login = useMutation(trpc.auth.login.mutationOptions());
  const register = useMutation(trpc.auth.signup.mutationOptions());
  const sendVerification = useMutation(trpc.auth.sendVerification.mutationOptions());

  async function submitLogin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = loginForm.validate();
    if (!input) return;
    const { email, password } = input;
    try {
      const result = await login.mutateAsync({ email, ...(password ? { password } : returnTo) });
      if (result.linkSent) {
        setPending({ kind: 'sign_in_link', email, userId: null, message: result.message });
        return;
      }
      if (result.requiresVerification) {
        toast.info('Email verification required', result.message);
        setPending({ kind: 'verify', email, userId: result.userId, message: result.message });
        return;
      }
      toast.successAfterLoad('Welcome back!', result.message);
      onSuccess?.();
      await refreshAuth();
      goTo(redirectTo);
    } catch (error) {
      loginForm.applyServerError(error);
      toast.error('Error', isNetworkError(error) ? NETWORK_ERROR : (serverMessage(error) ?? 'Login failed. Please try again.'));
    }
  }

  async function submitSignup(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = signupForm.validate();
    if (!input) {
      const { email, firstName, lastName } = signupForm.values;
      if (![email, firstName, lastName].every((v) => v.trim())) toast.error('Error', 'Please fill in all required fields');
      return;
    }
    try {
      const result = await register.mutateAsync(input);
      if (result.requiresVerification) {
        toast.success('Account created', result.message);
        setPending({ kind: 'verify', email: input.email, userId: result.userId, message: result.message });
        return;
      }
      toast.successAfterLoad('Account created', result.message);
      window.location.reload();
    } catch (error) {
      signupForm.applyServerError(error);
      toast.error('Error', isNetworkError(error) ? NETWORK_ERROR : (serverMessage(error) ?? 'Signup failed. Please try again.'));
    }
  }

  async function resend(p: Pending) {
    if (p.kind === 'sign_in_link') {
      await login.mutateAsync({ email: p.email, ...returnTo });
      return;
    }
    if (!p.userId) throw new Error('Missing user id');
    return sendVerification.mutateAsync({ email: p.email, userId: p.userId });
  }

  function backToLogin() {
    setPending(null);
    setTab('login');
    if (!loginForm.values.email) loginForm.setValue('email', pending?.email ?? '');
  }

  const body = pending ? (
    <CheckEmail
      key={`${pending.kind}:${pending.email}`}
      email={pending.email}
      message={pending.message}
      onResend={() => resend(pending)}
      onBack={backToLogin}
      sentToast={
        pending.kind === 'sign_in_link'
          ? { title: 'Sign-in link sent', message: 'Please check your email inbox for the sign-in link.' }
          : undefined
      }
    />
  ) : (
    <Stack gap="md">
      <div>
        <Title order={2} ta="center">
          Welcome
        </Title>
        <Text c="dimmed" ta="center" size="sm">
          Access your club account
        </Text>
      </div>
      <Tabs value={tab} onChange={(value) => setTab(value === 'signup' ? 'signup' : 'login')} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="login">Login</Tabs.Tab>
          <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="login" pt="md">
          <form noValidate onSubmit={submitLogin} aria-label="Login">
            <Stack gap="sm">
              <TextInput label="Email" type="email" autoComplete="email" inputMode="email" {...loginForm.inputProps('email')} />
              <PasswordInput
                label="Password"
                placeholder="Leave blank for email-only login"
                autoComplete="current-password"
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
                {...loginForm.inputProps('password')}
              />
              <Text size="xs" c="dimmed">
                No password yet? Leave it blank and we will e-mail you a sign-in link.
              </Text>
              <Button type="submit" fullWidth loading={login.isPending}>
                Login
              </Button>
            </Stack>
          </form>
        </Tabs.Panel>

        <Tabs.Panel value="signup" pt="md">
          <form noValidate onSubmit={submitSignup} aria-label="Sign Up">
            <Stack gap="sm">
              <TextInput label="Email" type="email" required autoComplete="email" inputMode="email" {...signupForm.inputProps('email')} />
              <TextInput label="First Name" required autoComplete="given-name" {...signupForm.inputProps('firstName')} />
              <TextInput label="Last Name" required autoComplete="family-name" {...signupForm.inputProps('lastName')} />
              <Text size="xs" c="dimmed">
                We will send you an email to verify your address.
              </Text>
              <Button type="submit" fullWidth loading={register.isPending}>
                Sign Up
              </Button>
            </Stack>
          </form>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );

  if (embedded) return body;
  return (
    <Card withBorder shadow="sm" padding="lg" radius="md" w="100%" maw={440}>
      {body}
    </Card>
  );
}
