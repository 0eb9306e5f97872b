import { Badge, Button, Flex, Skeleton, Text, Title } from '@mantine/core';
import { formatAuDate } from '../../../shared/dates';
import type { MemberProfile } from '../../../shared/members.schema';
import type { CurrentUser } from '../../../shared/auth.schema';
import { householdPayment, useJoinDialog } from '../../components/join-dialog';

/** Never cut short on a small phone: the badge and the button keep their whole words and wrap instead. */
const whole = { flexShrink: 0, overflow: 'visible' } as const;

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

/** The greeting, and the status line under it (grey while the profile loads). */
export function BannerGreeting({ user, profile, loading }: { user: CurrentUser; profile: MemberProfile | null; loading: boolean }) {
  const active = profile?.status === 'active';
  const renewalOpen = profile?.renewal.open ?? true;
  return (
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
  );
}

/** The status badge and what can be paid now. */
export function BannerBadgeAndAction({ profile, onRenewEarly }: { profile: MemberProfile | null; onRenewEarly: () => void }) {
  const { openJoin, openPayment } = useJoinDialog();
  const active = profile?.status === 'active';
  const awaitingPayment = profile?.paymentState === 'awaiting_payment';
  const processing = profile?.paymentState === 'processing';
  const renewalOpen = profile?.renewal.open ?? true;
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
      <Button variant="subtle" size="xs" mih={44} onClick={onRenewEarly}>
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
  return (
    <>
      {badge}
      {action}
    </>
  );
}
