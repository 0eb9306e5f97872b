import { Alert, Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClub } from '../../lib/club-profile';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** The unsubscribe page's card: whose address, unsubscribe (one button), and changing one's mind. */
export function UnsubscribeCard({ token }: { token: string | undefined }) {
  const trpc = useTRPC();
  const club = useClub();
  const queryClient = useQueryClient();
  const info = useQuery({
    ...trpc.newsletters.unsubscribeInfo.queryOptions({ token: token ?? '' }),
    enabled: Boolean(token),
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.newsletters.unsubscribeInfo.queryKey() });
  const unsubscribe = useMutation(trpc.newsletters.unsubscribe.mutationOptions({ onSuccess: refresh }));
  const resubscribe = useMutation(trpc.newsletters.resubscribe.mutationOptions({ onSuccess: refresh }));
  const failed = unsubscribe.error ?? resubscribe.error;

  let body;
  if (!token) {
    body = (
      <Text>
        This link is from a preview or a test send, so there is nothing to unsubscribe. The link in a newsletter sent to you unsubscribes
        your address.
      </Text>
    );
  } else if (info.isPending) {
    body = <Loader aria-label="Loading" />;
  } else if (info.isError) {
    body = (
      <Alert color="red" title="This link does not work">
        {serverMessage(info.error) ?? 'Please try again later.'}
      </Alert>
    );
  } else if (info.data.unsubscribed) {
    body = (
      <>
        <Text role="status">
          <strong>{info.data.email}</strong> is unsubscribed from the club&apos;s newsletters. Receipts, sign-in links and reminders about
          your membership and entries still come.
        </Text>
        <Button variant="default" mih={44} loading={resubscribe.isPending} onClick={() => resubscribe.mutate({ token })}>
          Subscribe again
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <Text>
          Stop sending newsletters like “{info.data.subject}” to <strong>{info.data.email}</strong>? Receipts, sign-in links and reminders
          about your membership and entries still come.
        </Text>
        <Button color="red" mih={44} loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ token })}>
          Unsubscribe
        </Button>
      </>
    );
  }
  return (
    <Center px="md" py={48}>
      <Card withBorder shadow="sm" padding="xl" radius="md" w="100%" maw={480}>
        <Stack gap="md">
          <Title order={1} fz={24}>
            {club.shortName} newsletters
          </Title>
          {body}
          {failed && (
            <Alert color="red" role="alert">
              {serverMessage(failed) ?? 'That did not work. Please try again.'}
            </Alert>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
