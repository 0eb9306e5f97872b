import { Card } from '@mantine/core';
import { AuthForms } from './auth-forms';
import { CheckEmail } from './check-email';
import { useAuthCard, type AuthCardProps } from './use-auth-card';

export type { AuthCardProps, AuthTab } from './use-auth-card';

/** 'Welcome' card with Login and Sign Up tabs, then the 'Check Your Email' view. */
export function AuthCard(props: AuthCardProps) {
  const { embedded = false } = props;
  const state = useAuthCard(props);
  const { pending, resend, backToLogin } = state;
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
    <AuthForms state={state} />
  );

  if (embedded) return body;
  return (
    <Card withBorder shadow="sm" padding="lg" radius="md" w="100%" maw={440}>
      {body}
    </Card>
  );
}
