import { Badge, Button, Card, Center, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatAuDate } from '../../../shared/dates';
import { cardIsCurrent } from '../../../shared/member-card';
import type { MemberCardView } from '../../../shared/member-card.schema';
import { membershipLabels } from '../../../shared/membership';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { useClubToday } from '../../lib/clock';
import { useClub } from '../../lib/club-profile';
import { serverMessage } from '../../lib/errors';
import { useMembershipRules } from '../../lib/membership-rules';
import { useTRPC } from '../../trpc';
import { QrCode } from '../../components/qr-code';
import { againstWhite } from '../../theme';

/** Where the card stands today, as the card itself shows it (also without signal, from the copy kept on the phone). */
function standing(card: MemberCardView, today: string): { label: string; color: string; line: string } {
  if (card.suspendedUntil && card.suspendedUntil >= today)
    return { label: 'Suspended', color: 'orange', line: `Suspended until ${formatAuDate(card.suspendedUntil)}` };
  if (cardIsCurrent(card, today)) return { label: 'Current member', color: 'green', line: `Expires ${formatAuDate(card.expiryDate!)}` };
  return {
    label: 'Not current',
    color: 'red',
    line: card.expiryDate ? `Expired ${formatAuDate(card.expiryDate)} · renew to use this card` : 'Not paid yet',
  };
}

/** One card: the club, the holder's name, type, expiry and the QR code the committee scans with a phone camera. */
function MembershipCardFace({ card, onReissue }: { card: MemberCardView; onReissue: (card: MemberCardView) => void }) {
  const today = useClubToday();
  const club = useClub();
  const labels = membershipLabels(useMembershipRules());
  const state = standing(card, today);
  return (
    <Card withBorder radius="lg" padding="lg" maw={420} w="100%" mx="auto" aria-label={`Membership card: ${card.name}`} component="section">
      <Stack gap="sm" align="center">
        <Text fw={700} c={againstWhite(club.colours.primaryDark)} ta="center">
          {club.name}
        </Text>
        <Title order={3} ta="center" style={{ overflowWrap: 'anywhere' }}>
          {card.name}
        </Title>
        <Text ta="center">{labels[card.membershipType]} membership</Text>
        <Badge size="lg" color={state.color} variant="filled">
          {state.label}
        </Badge>
        <Text ta="center" fw={600}>
          {state.line}
        </Text>
        {card.memberSince && (
          <Text size="sm" c="dimmed" ta="center">
            Member since {card.memberSince.slice(0, 4)}
          </Text>
        )}
        <Center p="xs" bg="white" style={{ borderRadius: 8 }}>
          <QrCode value={card.verifyUrl} size={220} label={`QR code to check ${card.name}'s membership`} />
        </Center>
        <Text size="sm" c="dimmed" ta="center">
          The committee scans this with a phone camera to check your membership.
        </Text>
        <Button variant="subtle" color="gray" mih={44} onClick={() => onReissue(card)}>
          Lost or shared? Issue a new code
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The member's membership card, and their household's (a parent shows a junior's). The cards are kept on the phone
 * with the portal's other answers, so they show without signal; the QR code is drawn here, never fetched.
 */
export function MembershipCards() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cards = useQuery(trpc.memberCard.mine.queryOptions());
  const [reissuing, setReissuing] = useState<MemberCardView | null>(null);
  const reissue = useMutation(
    trpc.memberCard.reissue.mutationOptions({
      onSuccess: () => {
        toast.success('New code issued', 'The old QR code no longer works.');
        setReissuing(null);
        void queryClient.invalidateQueries({ queryKey: trpc.memberCard.mine.queryKey() });
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Could not issue a new code. Please try again.'),
    }),
  );
  return (
    <>
      <QueryState
        query={cards}
        loading="Loading your card..."
        failure="Could not load your membership card."
        // Without signal the copy kept on the phone is shown, not the failed refresh.
        keepData
        isEmpty={cards.data?.cards.length === 0}
        empty="Your membership card appears here once your membership has been paid."
      >
        {(data) => (
          <Stack gap="lg">
            {data.cards.map((card) => (
              <MembershipCardFace key={card.memberId} card={card} onReissue={setReissuing} />
            ))}
          </Stack>
        )}
      </QueryState>
      <Modal opened={reissuing !== null} onClose={() => setReissuing(null)} title="Issue a new code?" centered>
        <Stack gap="md">
          <Text>
            {reissuing?.own ? 'Your' : `${reissuing?.name}'s`} card gets a new QR code. The old one (a screenshot, a lost phone) stops
            working at once.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={() => setReissuing(null)}>
              Keep the code
            </Button>
            <Button mih={44} loading={reissue.isPending} onClick={() => reissuing && reissue.mutate({ memberId: reissuing.memberId })}>
              Issue a new code
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
