import { Button, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import type { AuthCardState } from './use-auth-card';

/** The Login form: e-mail address and an optional password. */
function LoginForm({ state: { submitLogin, loginForm, loggingIn } }: { state: AuthCardState }) {
  return (
    <form noValidate onSubmit={(event) => void submitLogin(event)} aria-label="Login">
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
        <Button type="submit" fullWidth loading={loggingIn}>
          Login
        </Button>
      </Stack>
    </form>
  );
}

/** The Sign Up form: e-mail address and name. */
function SignupForm({ state: { submitSignup, signupForm, signingUp } }: { state: AuthCardState }) {
  return (
    <form noValidate onSubmit={(event) => void submitSignup(event)} aria-label="Sign Up">
      <Stack gap="sm">
        <TextInput label="Email" type="email" required autoComplete="email" inputMode="email" {...signupForm.inputProps('email')} />
        <TextInput label="First Name" required autoComplete="given-name" {...signupForm.inputProps('firstName')} />
        <TextInput label="Last Name" required autoComplete="family-name" {...signupForm.inputProps('lastName')} />
        <Text size="xs" c="dimmed">
          We will send you an email to verify your address.
        </Text>
        <Button type="submit" fullWidth loading={signingUp}>
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}

/** 'Welcome', with the Login and Sign Up tabs. */
export function AuthForms({ state }: { state: AuthCardState }) {
  const { tab, setTab } = state;
  return (
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
          <LoginForm state={state} />
        </Tabs.Panel>

        <Tabs.Panel value="signup" pt="md">
          <SignupForm state={state} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
