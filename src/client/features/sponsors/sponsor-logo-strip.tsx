import { Anchor, Box, Container, Group, Text, Title } from '@mantine/core';
import type { PublicSponsor } from '../../../shared/sponsors.schema';
import { useActiveSponsors } from './current-sponsors';
import { sponsorHref, SPONSOR_LINK_PROPS } from '../../lib/sponsor-text';
import { StoredImage } from '../../components/stored-image';

function Mark({ sponsor }: { sponsor: PublicSponsor }) {
  const content = sponsor.logoUrl ? (
    <StoredImage src={sponsor.logoUrl} alt={sponsor.companyName} width={168} height={56} sizes="168px" fit="contain" />
  ) : (
    <Text fw={700} fz="lg" c="blue.9">
      {sponsor.companyName}
    </Text>
  );
  const href = sponsorHref(sponsor.websiteUrl);
  return href ? (
    <Anchor href={href} {...SPONSOR_LINK_PROPS} underline="never">
      {content}
    </Anchor>
  ) : (
    content
  );
}

/** The landing page's 'supported by' row: each active sponsor's logo (or name). Nothing at all when there are none. */
export function SponsorLogoStrip() {
  const { sponsors } = useActiveSponsors();
  if (sponsors.length === 0) return null;
  return (
    <Box component="section" py={{ base: 32, sm: 48 }} aria-labelledby="sponsor-strip-title" data-testid="sponsor-logo-strip">
      <Container size="lg">
        <Title order={2} fz="lg" ta="center" c="dimmed" mb="lg" id="sponsor-strip-title">
          Proudly supported by our sponsors
        </Title>
        <Group justify="center" gap="xl" wrap="wrap">
          {sponsors.map((sponsor) => (
            <Box key={sponsor.id} data-testid="sponsor-logo">
              <Mark sponsor={sponsor} />
            </Box>
          ))}
        </Group>
      </Container>
    </Box>
  );
}
