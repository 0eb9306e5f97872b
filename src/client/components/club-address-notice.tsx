import { Alert, Anchor, Container } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import type { AwayFromClub } from '../lib/club-address';

/**
 * Said at the top of every page opened at an address other than the club's (PUBLIC_URL): which address is the
 * club's, why it matters (e-mailed links and payments go there, and signing in too where it cannot work here), and
 * a link to the same page there. In the page's flow, never over its controls.
 */
export function ClubAddressNotice({ away }: { away: AwayFromClub }) {
  const href = useRouterState({ select: (state) => state.location.href });
  return (
    <Container size="lg" px="md" pt="md">
      <Alert color="blue" variant="light" role="note" aria-label="The club's address" style={{ overflowWrap: 'anywhere' }}>
        You opened the club's site at {away.here}. Its address is {away.clubUrl} — links in the club's e-mails and payments return there.
        {away.signInOnlyThere ? ' Signing in works only there.' : ''}{' '}
        <Anchor href={away.samePageThere(href)} inherit fw={600} c="blue.9" underline="always">
          Open this page at {away.clubHost}
        </Anchor>
      </Alert>
    </Container>
  );
}
