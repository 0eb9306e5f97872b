import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatAudPrice, type MembershipRules, type MembershipType } from '../../../shared/membership';
import { useJoinDialog } from '../../components/join-dialog';
import { familyCovers, useMembershipRules } from '../../lib/membership-rules';

/** The three cards as the club's rules give them: who a junior is and who a family covers. */
function cardsOf(rules: MembershipRules): { type: MembershipType; title: string; note: string; best?: boolean }[] {
  return [
    { type: 'adult', title: 'Adult', note: 'Annual membership' },
    { type: 'junior', title: 'Junior', note: `Under ${rules.juniorUnder}` },
    { type: 'family', title: 'Family', note: familyCovers(rules), best: true },
  ];
}

/** The club's three membership prices; each card opens the join form with its type chosen. */
export function PriceCards() {
  const { openJoin } = useJoinDialog();
  const rules = useMembershipRules();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {cardsOf(rules).map((card) => (
        <Card
          key={card.type}
          withBorder
          padding="lg"
          radius="md"
          style={card.best ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 } : undefined}
        >
          <Stack gap="xs" h="100%">
            <Group justify="space-between">
              <Title order={3}>{card.title}</Title>
              {card.best && <Badge color="teal">Best Value</Badge>}
            </Group>
            <Text fz={32} fw={700}>
              {formatAudPrice(rules.feesCents[card.type])}
            </Text>
            <Text c="dimmed" style={{ flexGrow: 1 }}>
              {card.note}
            </Text>
            <Button variant={card.best ? 'filled' : 'light'} color={card.best ? 'teal' : undefined} onClick={() => openJoin(card.type)}>
              Join as {card.title}
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
