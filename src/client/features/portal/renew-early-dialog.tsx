import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatAuDate } from '../../../shared/dates';
import type { MemberProfile } from '../../../shared/members.schema';

/**
 * 'Renew early?': what paying now extends the membership to, before anything is ordered. Loaded when asked for, so
 * the portal's first screen carries no dialog code.
 */
export function RenewEarlyDialog({ profile, onClose, onRenew }: { profile: MemberProfile; onClose: () => void; onRenew: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened onClose={onClose} title="Renew early?" size="sm" fullScreen={phone}>
      <Stack gap="md">
        <Text>
          Your membership runs until {profile.expiryDate ? formatAuDate(profile.expiryDate) : 'N/A'}. Paying ${profile.renewalAmount} now
          extends it to {formatAuDate(profile.renewal.extendsTo)}.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <Button onClick={onRenew}>Renew early</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
