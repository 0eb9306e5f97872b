import { Alert, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useRef } from 'react';
import { SectionLoader } from '../components/full-screen-loader';
import { isNetworkError, serverMessage } from '../lib/errors';
import { useTRPC } from '../trpc';
import { GuestHome } from '../features/catches/guest-home';

/**
 * /guest?token=…: where a guest's e-mailed link lands. The token is spent only when the guest presses the button
 * (a mail scanner opening the page spends nothing); then this browser is signed in to log catches in that one
 * event. Without a token, a guest already signed in here sees their event.
 */
export function GuestPage() {
  const { token } = useSearch({ strict: false }) as { token?: string };
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useQuery(trpc.guests.me.queryOptions());
  const started = useRef(false);
  const signIn = useMutation(
    trpc.guests.signIn.mutationOptions({
      onSuccess: (guest) => {
        queryClient.setQueryData(trpc.guests.me.queryKey(), guest);
        // The link is spent: keep it out of the address bar and the history.
        void navigate({ to: '/guest', replace: true });
      },
    }),
  );

  let body;
  if (token && !signIn.isSuccess) {
    body = (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Log your catches
          </Title>
          <Text>Press the button to sign in on this phone for your competition. The link works once.</Text>
          {signIn.isError && (
            <Alert color="red" title="This link could not be used">
              {isNetworkError(signIn.error)
                ? 'Network error. Please check your connection and try again.'
                : (serverMessage(signIn.error) ?? 'Please ask for a new link.')}
            </Alert>
          )}
          <Button
            size="lg"
            color="teal"
            loading={signIn.isPending}
            onClick={() => {
              if (started.current && !signIn.isError) return;
              started.current = true;
              signIn.mutate({ token });
            }}
          >
            Sign in to log my catches
          </Button>
        </Stack>
      </Card>
    );
  } else if (me.isPending) {
    body = <SectionLoader label="Loading your entry..." />;
  } else if (me.data) {
    body = <GuestHome guest={me.data} />;
  } else {
    body = (
      <Alert color="blue" title="Not signed in as a guest">
        Open the link in the e-mail the club sent you after you entered. Lost it? On the club&apos;s home page, choose the event, then
        &apos;Enter as a guest&apos; and &apos;Send me a new link&apos;.
      </Alert>
    );
  }
  return (
    <Container size="sm" py="lg" px="sm">
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Guest entry
        </Title>
        {body}
      </Stack>
    </Container>
  );
}
