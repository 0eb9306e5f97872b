import { Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatAudPrice } from '../../../shared/membership';
import { SPONSOR_PACKAGES, SPONSORSHIP_PRICES_CENTS, type SponsorshipType } from '../../../shared/sponsors';
import { TickIcon } from '../../components/line-icon';

function Tick() {
  return (
    <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden>
      <TickIcon size={12} strokeWidth={3} />
    </ThemeIcon>
  );
}

/** The two package cards; each button chooses its package in the application form. */
export function SponsorPackages({ onChoose }: { onChoose: (type: SponsorshipType) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {SPONSOR_PACKAGES.map((pkg) => (
        <Card key={pkg.type} withBorder radius="md" padding="lg" data-testid="sponsor-package">
          <Stack gap="sm" h="100%">
            <Title order={3}>{pkg.title}</Title>
            <Text fz={32} fw={700} c="blue.8">
              {formatAudPrice(SPONSORSHIP_PRICES_CENTS[pkg.type])}
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
