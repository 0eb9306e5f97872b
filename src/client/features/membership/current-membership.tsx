import { Button, Group, Stack, Text } from '@mantine/core';
import { formatAuDate } from '../../../shared/dates';
import { peopleLine } from '../../../shared/member-names';
import type { MemberProfile } from '../../../shared/members.schema';
import { householdPayment, type PaymentDetails } from '../../components/join-dialog';
import { useClub } from '../../lib/club-profile';

/** A member's profile, when it is a membership running now (the join form has nothing to offer them). */
export const currentMembership = (profile: MemberProfile | null | undefined): MemberProfile | null =>
  profile && profile.status === 'active' && profile.paymentState === 'paid' && profile.expiryDate ? profile : null;

/**
 * What a current member sees instead of the join form (a price card, a Join button): until when they are a member,
 * and the portal's renewal: open now, or early, saying what paying extends the membership to.
 */
export function CurrentMembership({
  profile,
  onRenew,
  onClose,
}: {
  profile: MemberProfile;
  onRenew: (details: PaymentDetails) => void;
  onClose: () => void;
}) {
  const club = useClub();
  const { open, opensOn, extendsTo } = profile.renewal;
  const covers = profile.household.length > 1 ? ` Your membership covers ${peopleLine(profile.household)}.` : '';
  return (
    <Stack gap="md">
      <Text>
        You are a member of {club.name} until {formatAuDate(profile.expiryDate!)}, so there is nothing to join.{covers}
      </Text>
      <Text>
        {open
          ? `Renewal is open: paying $${profile.renewalAmount} extends your membership to ${formatAuDate(extendsTo)}.`
          : `Renewal opens on ${opensOn ? formatAuDate(opensOn) : 'a date near the end of your membership'}. You can renew early now: paying $${profile.renewalAmount} extends your membership to ${formatAuDate(extendsTo)}.`}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Not now
        </Button>
        <Button onClick={() => onRenew(householdPayment(profile, open ? {} : { earlyRenewal: true }))}>
          {open ? 'Renew Membership' : 'Renew early'}
        </Button>
      </Group>
    </Stack>
  );
}
