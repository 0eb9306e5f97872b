import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatAud, MEMBERSHIP_PRICES_CENTS, type MembershipType } from '../../../shared/membership';
import { useJoinDialog } from '../../components/join-dialog';

const CARDS: { type: MembershipType; title: string; note: string; best?: boolean }[] = [
  { type: 'adult', title: 'Adult', note: 'Annual membership' },
  { type: 'junior', title: 'Junior', note: 'Under 16' },
  { type: 'family', title: 'Family', note: '2 adults and 3 juniors', best: true },
];

/** The three membership prices; each card opens the join form with its type chosen. */
export function PriceCards() {
  const { openJoin } = useJoinDialog();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {CARDS.map((card) => (
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
              {formatAud(MEMBERSHIP_PRICES_CENTS[card.type]).replace('.00', '')}
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
