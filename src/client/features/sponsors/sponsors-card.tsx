import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SponsorName, useActiveSponsors } from './current-sponsors';
import { sponsorTypeText } from '../../lib/sponsor-text';

/** The home panel's 'Our Sponsors' card (name and type); not shown when there are no sponsors. */
export function SponsorsCard() {
  const { sponsors } = useActiveSponsors();
  if (sponsors.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-sponsors-title">
      <Title order={2} mb="md" id="home-sponsors-title">
        Our Sponsors
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {sponsors.map((sponsor) => (
          <Stack key={sponsor.id} gap={2} data-testid="home-sponsor">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              <SponsorName sponsor={sponsor} />
            </Text>
            <Text size="sm" c="dimmed">
              {sponsorTypeText(sponsor)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
