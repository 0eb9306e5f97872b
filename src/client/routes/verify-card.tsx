import { Alert, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { formatClubDateTime } from '../../shared/dates';
import { SectionLoader } from '../components/full-screen-loader';
import { useClub } from '../lib/club-profile';
import { serverMessage } from '../lib/errors';
import { useTRPC } from '../trpc';

/**
 * /verify/<code>: what the committee's phone camera opens from a membership card's QR code. Public: 'Current member'
 * or 'Not a current member' with the holder's name and nothing else; a code the club does not know reads the same.
 */
export function VerifyCardPage() {
  const trpc = useTRPC();
  const { code = '' } = useParams({ strict: false }) as { code?: string };
  const check = useQuery({ ...trpc.verify.card.queryOptions({ code }), retry: false, gcTime: 0 });
  const club = useClub();
  useEffect(() => {
    document.title = `Membership check · ${club.name}`;
  }, [club.name]);
  return (
    <Container size="xs" px="sm" py="xl">
      <Stack gap="md">
        <Title order={1} fz={24} ta="center">
          Membership check
        </Title>
        {check.isPending ? (
          <SectionLoader label="Checking the card..." />
        ) : check.isError ? (
          <Alert color="red" variant="light">
            {serverMessage(check.error) ?? 'The card could not be checked. Check your signal and try again.'}
          </Alert>
        ) : (
          <Card
            withBorder
            radius="lg"
            padding="xl"
            bg={check.data.current ? 'green.0' : 'red.0'}
            style={{ borderColor: check.data.current ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-red-7)', borderWidth: 3 }}
            role="status"
          >
            <Stack gap="xs" align="center">
              <Text fz={28} fw={800} ta="center" c={check.data.current ? 'green.9' : 'red.9'}>
                {check.data.current ? 'Current member' : 'Not a current member'}
              </Text>
              {check.data.name ? (
                <Text fz={22} fw={600} ta="center" style={{ overflowWrap: 'anywhere' }}>
                  {check.data.name}
                </Text>
              ) : (
                <Text ta="center">This card is not recognised.</Text>
              )}
              <Text size="sm" c="dimmed" ta="center">
                {club.name} · checked {formatClubDateTime(check.data.checkedAt)}
              </Text>
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
