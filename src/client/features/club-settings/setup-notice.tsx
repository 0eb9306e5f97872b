import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '../../../shared/screens';
import { useTRPC } from '../../trpc';

/**
 * While the site has no administrator, the landing page says so and leads to the setup page: a new club's site,
 * freshly started, shows the example club until it is set up.
 */
export function SetupNotice() {
  const status = useQuery(useTRPC().setup.status.queryOptions());
  if (!status.data?.open) return null;
  return (
    <Container size="lg" pt="md">
      <Alert color="yellow" variant="light" title="This site is not set up yet">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">It shows an example club until whoever runs it sets up theirs with the setup code from the site’s log.</Text>
          <Button component="a" href={ROUTES.setup} size="md" mih={44}>
            Set up the club
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
