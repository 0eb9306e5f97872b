import { Alert, Box, Card, Flex, Skeleton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { suspensionNotice } from '../../../shared/suspensions';
import type { MemberProfile } from '../../../shared/members.schema';
import type { CurrentUser } from '../../../shared/auth.schema';
import { householdPayment, useJoinDialog } from '../../components/join-dialog';
import { BannerBadgeAndAction, BannerGreeting } from './member-banner-parts';

const RenewEarlyDialog = lazy(async () => ({ default: (await import('./renew-early-dialog')).RenewEarlyDialog }));

/**
 * The portal's welcome banner: names, member since, expiry, status badge and what can be paid now. While
 * the profile loads, grey blocks hold the place of the status line, badge and button, so the tabs below stay put.
 */
export function MemberBanner({ user, profile, loading = false }: { user: CurrentUser; profile: MemberProfile | null; loading?: boolean }) {
  const { openPayment } = useJoinDialog();
  const [confirmEarly, setConfirmEarly] = useState(false);

  // On a small phone (under 36em) the banner is one compact block above every tab: the greeting, one status line, and
  // the badge and button in a row; wider, the badge and button stand beside the greeting (right-aligned from 48em).
  // Chosen by the stylesheet, not the script, so the page drawn on the server is already the phone's.
  return (
    <Card
      withBorder
      radius="md"
      padding={0}
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-blue-0), var(--mantine-color-teal-0))' }}
    >
      <Box p={{ base: 'sm', xs: 'lg' }}>
        <Flex justify="space-between" align="flex-start" wrap="wrap" gap={{ base: 'xs', xs: 'md' }}>
          <BannerGreeting user={user} profile={profile} loading={loading} />
          <Flex
            gap="xs"
            wrap="wrap"
            direction={{ base: 'row', xs: 'column' }}
            align={{ base: 'center', xs: 'flex-start', sm: 'flex-end' }}
            justify={{ base: 'space-between', xs: 'flex-start' }}
            w={{ base: '100%', xs: 'auto' }}
          >
            {loading ? (
              <>
                <Skeleton height={26} width={130} radius="xl" aria-hidden />
                <Skeleton height={36} width={170} radius="sm" aria-hidden />
              </>
            ) : (
              <BannerBadgeAndAction profile={profile} onRenewEarly={() => setConfirmEarly(true)} />
            )}
          </Flex>
        </Flex>
        {profile?.suspension && (
          <Alert color="red" variant="filled" mt="md" role="alert" title="Membership suspended">
            {suspensionNotice(profile.suspension)}
          </Alert>
        )}
        {profile && confirmEarly && (
          <Suspense fallback={null}>
            <RenewEarlyDialog
              profile={profile}
              onClose={() => setConfirmEarly(false)}
              onRenew={() => {
                setConfirmEarly(false);
                openPayment(householdPayment(profile, { earlyRenewal: true }));
              }}
            />
          </Suspense>
        )}
      </Box>
    </Card>
  );
}
