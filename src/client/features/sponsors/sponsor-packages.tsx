import { Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatAud } from '../../../shared/membership';
import { SPONSOR_PACKAGES, SPONSORSHIP_PRICES_CENTS, type SponsorshipType } from '../../../shared/sponsors.schema';

function Tick() {
  return (
    <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden>
      <svg
        width="12"
        height="12"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M20 6 9 17l-5-5" />
      </svg>
    </ThemeIcon>
  );
}

/** SPEC §2.12: the two package cards; each button chooses its package in the application form. */
export function SponsorPackages({ onChoose }: { onChoose: (type: SponsorshipType) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {SPONSOR_PACKAGES.map((pkg) => (
        <Card key={pkg.type} withBorder radius="md" padding="lg" data-testid="sponsor-package">
          <Stack gap="sm" h="100%">
            <Title order={3}>{pkg.title}</Title>
            <Text fz={32} fw={700} c="blue.8">
              {formatAud(SPONSORSHIP_PRICES_CENTS[pkg.type])}
            </Text>
            <List spacing="xs" icon={<Tick />} style={{ flexGrow: 1 }}>
              {pkg.benefits.map((benefit) => (
                <List.Item key={benefit}>{benefit}</List.Item>
              ))}
            </List>
            <Button color={pkg.type === 'shirt' ? 'teal' : undefined} onClick={() => onChoose(pkg.type)}>
              Choose {pkg.title}
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
