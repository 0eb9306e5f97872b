import { Anchor, Box, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PublicSponsor } from '../../../shared/sponsors.schema';
import { QueryState } from '../../components/query-state';
import { useTRPC, type Trpc } from '../../trpc';
import { sponsorAmountText, sponsorHref, SPONSOR_LINK_PROPS, sponsorTypeText } from '../../lib/sponsor-text';
import { StoredImage } from '../../components/stored-image';

export const NO_SPONSORS = 'Be our first sponsor! Join us in supporting the fishing community.';

export const activeSponsorsQuery = (trpc: Trpc) => trpc.sponsors.active.queryOptions();

/** The active sponsors (one cached list shared by the landing page, the home panel and the sponsor page). */
export function useActiveSponsors() {
  const query = useQuery(activeSponsorsQuery(useTRPC()));
  const sponsors: PublicSponsor[] = query.data ?? [];
  return { ...query, sponsors };
}

/** The company name, linked to its website when it has one. */
export function SponsorName({ sponsor, fw = 600 }: { sponsor: PublicSponsor; fw?: number }) {
  const href = sponsorHref(sponsor.websiteUrl);
  if (!href) return <>{sponsor.companyName}</>;
  return (
    <Anchor href={href} {...SPONSOR_LINK_PROPS} fw={fw} inherit>
      {sponsor.companyName}
    </Anchor>
  );
}

/** 'Our Current Sponsors' grid, with a spinner while loading and an invitation when empty. */
export function CurrentSponsors() {
  const query = useActiveSponsors();
  const { sponsors } = query;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="current-sponsors-title">
      <Title order={2} mb="md" id="current-sponsors-title">
        Our Current Sponsors
      </Title>
      <QueryState
        query={query}
        loading="Loading sponsors..."
        failure="Could not load the sponsors. Please try again later."
        serverReason={false}
        isEmpty={sponsors.length === 0}
        empty={NO_SPONSORS}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {sponsors.map((sponsor) => (
            <Card key={sponsor.id} withBorder radius="md" padding="md" data-testid="current-sponsor">
              <Stack gap={6} align="center" ta="center">
                {sponsor.logoUrl && (
                  <Box h={80} w="100%" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                    <StoredImage
                      src={sponsor.logoUrl}
                      alt={`${sponsor.companyName} logo`}
                      width={240}
                      height={80}
                      sizes="240px"
                      fit="contain"
                    />
                  </Box>
                )}
                <Text fw={600} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                  <SponsorName sponsor={sponsor} />
                </Text>
                <Text size="sm" c="dimmed">
                  {sponsorTypeText(sponsor)}
                </Text>
                <Text fw={700} c="teal.9">
                  {sponsorAmountText(sponsor.amount)}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </QueryState>
    </Card>
  );
}
