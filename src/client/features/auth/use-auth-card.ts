import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { loginInput, signupInput } from '../../../shared/auth.schema';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { isNetworkError, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
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

export interface Pending {
  kind: 'verify' | 'sign_in_link';
  email: string;
  userId: string | null;
  message: string;
}

const NETWORK_ERROR = 'Network error. Please try again.';

type SetPending = (pending: Pending | null) => void;

/** The Login tab: with a password it signs in at once; without, a sign-in link is e-mailed. */
function useLogin(
  setPending: SetPending,
  returnTo: { next?: string },
  { onSuccess, redirectTo }: { onSuccess?: () => void; redirectTo: string },
) {
  const trpc = useTRPC();
  const refreshAuth = useRefreshAuth();
  const loginForm = useSchemaForm({
    schema: loginInput,
    initialValues: { email: '', password: '' },
    toInput: (v) => ({ email: v.email, password: v.password.trim() }),
  });
  const login = useMutation(trpc.auth.login.mutationOptions());

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
  return { loginForm, login, submitLogin };
}

/** The Sign Up tab: an account, then its e-mail address verified. */
function useSignup(setPending: SetPending) {
  const trpc = useTRPC();
  const signupForm = useSchemaForm({ schema: signupInput, initialValues: { email: '', firstName: '', lastName: '' } });
  const register = useMutation(trpc.auth.signup.mutationOptions());

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
  return { signupForm, register, submitSignup };
}

/** The auth card's state: the tab, the two forms and the 'Check Your Email' view that follows them. */
export function useAuthCard({ initialTab = 'login', onSuccess, redirectTo = '/member' }: AuthCardProps) {
  const trpc = useTRPC();
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [pending, setPending] = useState<Pending | null>(null);
  // The e-mailed link lands on the portal unless the card stands on another address.
  const returnTo = redirectTo === '/member' ? {} : { next: redirectTo };
  const { loginForm, login, submitLogin } = useLogin(setPending, returnTo, { onSuccess, redirectTo });
  const { signupForm, register, submitSignup } = useSignup(setPending);
  const sendVerification = useMutation(trpc.auth.sendVerification.mutationOptions());

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
  return {
    tab,
    setTab,
    pending,
    loginForm,
    loggingIn: login.isPending,
    submitLogin,
    signupForm,
    signingUp: register.isPending,
    submitSignup,
    resend,
    backToLogin,
  };
}

export type AuthCardState = ReturnType<typeof useAuthCard>;
