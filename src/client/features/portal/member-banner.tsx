import { Alert, Badge, Box, Button, Card, Flex, Skeleton, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { formatAuDate } from '../../../shared/dates';
import { suspensionNotice } from '../../../shared/suspensions';
import type { MemberProfile } from '../../../shared/members.schema';
import type { CurrentUser } from '../../../shared/auth.schema';
import { householdPayment, useJoinDialog } from '../../components/join-dialog';

const RenewEarlyDialog = lazy(async () => ({ default: (await import('./renew-early-dialog')).RenewEarlyDialog }));

/** The line under the greeting: member since, then when the membership ends or what it is waiting for. */
function statusLine(profile: MemberProfile): string {
  const since = `Member since ${profile.memberSince ? profile.memberSince.slice(0, 4) : 'N/A'}`;
  if (profile.paymentState === 'awaiting_payment')
    return `${since} · Your registration is waiting for payment: complete it to activate your membership.`;
  if (profile.paymentState === 'processing')
    return `${since} · PayPal is processing your payment. Your membership starts as soon as PayPal releases it.`;
  // Paid up, and too early to renew: say how long it runs rather than when it 'expires'.
  if (profile.status === 'active' && !profile.renewal.open && profile.expiryDate)
    return `${since} · Active until ${formatAuDate(profile.expiryDate)}`;
  return `${since} · Expires ${profile.expiryDate ? formatAuDate(profile.expiryDate) : 'N/A'}`;
}

/**
 * The portal's welcome banner (SPEC §2.9): names, member since, expiry, status badge and what can be paid now. While
 * the profile loads, grey blocks hold the place of the status line, badge and button, so the tabs below stay put.
 */
export function MemberBanner({ user, profile, loading = false }: { user: CurrentUser; profile: MemberProfile | null; loading?: boolean }) {
  const { openJoin, openPayment } = useJoinDialog();
  const [confirmEarly, setConfirmEarly] = useState(false);
  const active = profile?.status === 'active';
  const awaitingPayment = profile?.paymentState === 'awaiting_payment';
  const processing = profile?.paymentState === 'processing';
  const renewalOpen = profile?.renewal.open ?? true;

  // Never cut short on a small phone: the badge and the button keep their whole words and wrap instead.
  const whole = { flexShrink: 0, overflow: 'visible' } as const;
  const badge = !profile ? null : awaitingPayment || processing ? (
    <Badge size="md" color="orange" variant="light" style={whole}>
      Payment pending
    </Badge>
  ) : (
    <Badge size="md" color={active ? 'green' : 'gray'} variant={active ? 'filled' : 'light'} style={whole}>
      {active ? 'Active Member' : 'Inactive'}
    </Badge>
  );

  let action = null;
  if (!profile) {
    action = (
      <Button mih={44} color="teal" onClick={() => openJoin()}>
        Join the Club
      </Button>
    );
  } else if (awaitingPayment) {
    action = (
      <Button mih={44} style={whole} onClick={() => openPayment(householdPayment(profile))}>
        Complete payment
      </Button>
    );
  } else if (processing) {
    action = null;
  } else if (active && !renewalOpen) {
    action = (
      <Button variant="subtle" size="xs" mih={44} onClick={() => setConfirmEarly(true)}>
        Renew early
      </Button>
    );
  } else {
    action = (
      <Button mih={44} variant={active ? 'light' : 'filled'} onClick={() => openPayment(householdPayment(profile))}>
        Renew Membership
      </Button>
    );
  }

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
          <Flex direction="column" gap={{ base: 0, xs: 4 }} style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Title order={1} fz={{ base: 20, xs: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
              Welcome, {profile ? `${profile.firstName} ${profile.lastName}` : `${user.firstName} ${user.lastName}`}
            </Title>
            {loading ? (
              <Skeleton height={24} width="80%" radius="sm" aria-hidden />
            ) : profile ? (
              <>
                <Text c="dimmed" fz={{ base: 'sm', xs: 'md' }}>
                  {statusLine(profile)}
                </Text>
                {active && !renewalOpen && profile.renewal.opensOn && (
                  <Text size="sm" c="dimmed" visibleFrom="xs">
                    Renewal opens on {formatAuDate(profile.renewal.opensOn)}.
                  </Text>
                )}
              </>
            ) : (
              <Text c="dimmed" fz={{ base: 'sm', xs: 'md' }}>
                You are not a member of the club yet. Join to register for competitions and log your catches.
              </Text>
            )}
          </Flex>
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
              <>
                {badge}
                {action}
              </>
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
