import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { goTo, useAuth } from '../lib/use-auth';
import { isNetworkError, serverMessage } from '../lib/errors';
import { forgetDeviceLists, forgetSavedQueries } from '../offline/query-persistence';
import { useTRPC } from '../trpc';

/**
 * 'Sign out?' (/sign-out): where /api/logout sends a navigation that another site started (a link, a redirect).
 * Nothing has changed yet; signing out takes the person's own click, so no other site can end their sessions.
 */
export function SignOutPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => {
        forgetSavedQueries({ leaving: true });
        void forgetDeviceLists().finally(() => goTo('/'));
      },
    }),
  );
  const failure = logout.isError
    ? isNetworkError(logout.error)
      ? 'Network error. Please check your connection and try again.'
      : (serverMessage(logout.error) ?? 'Signing out did not work. Please try again.')
    : null;

  return (
    <Center px="md" py={48}>
      <Card withBorder shadow="sm" padding="xl" radius="md" w="100%" maw={440}>
        <Stack align="center" gap="md" ta="center">
          {user ? (
            <>
              <Title order={1} size="h2">
                Sign out?
              </Title>
              <Text>Do you want to sign out of your club account? This signs you out on all your devices.</Text>
              {failure && (
                <Text role="alert" c="red.9">
                  {failure}
                </Text>
              )}
              <Button fullWidth color="red" loading={logout.isPending} onClick={() => logout.mutate()}>
                Sign out
              </Button>
              <Button fullWidth variant="default" onClick={() => void navigate({ to: '/member' })}>
                Stay signed in
              </Button>
            </>
          ) : (
            <>
              <Title order={1} size="h2">
                You are signed out
              </Title>
              <Text>You are not signed in to a club account on this device.</Text>
              <Button fullWidth variant="light" onClick={() => void navigate({ to: '/' })}>
                Go to the home page
              </Button>
            </>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
