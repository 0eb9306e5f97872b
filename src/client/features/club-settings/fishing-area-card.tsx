import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { clubToday, formatAuDate } from '../../../shared/dates';
import type { FishingAreaView } from '../../../shared/fishing-area';
import { FishingAreaMap, useFishingArea } from '../../components/fishing-area-map';
import { QueryState } from '../../components/query-state';
import { useCompetitionRules } from '../../lib/competition-rules';
import { FishingAreaFields } from './fishing-area-fields';
import { useFishingAreaChange } from './use-fishing-area-change';

/** Who last changed the area and when, or that it is still the example club's. */
function provenance(view: FishingAreaView): string {
  const points = `${view.points.toLocaleString('en-AU')} points`;
  if (view.isExample) return `${points} · the example area the site came with`;
  const when = view.changedAt ? ` by ${view.changedBy} on ${formatAuDate(clubToday(new Date(view.changedAt)))}` : '';
  return `${points} · set${when}`;
}

/** Offers the area as a GeoJSON file, to keep, edit in a mapping tool and paste back. */
function download(view: FishingAreaView) {
  const feature = { type: 'Feature', properties: { name: 'Fishing area' }, geometry: view.area };
  const url = URL.createObjectURL(new Blob([JSON.stringify(feature, null, 1)], { type: 'application/geo+json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'fishing-area.geojson';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The area on the map, who last changed it and when, and 'Download GeoJSON'. */
function CurrentFishingArea({ view }: { view: FishingAreaView }) {
  return (
    <Stack gap="xs">
      <div style={{ maxWidth: 560 }}>
        <FishingAreaMap area={view.area} title="The fishing area" />
      </div>
      <Group gap="sm" justify="space-between">
        <Text size="sm" data-testid="fishing-area-provenance">
          {provenance(view)}
        </Text>
        <Button variant="subtle" size="compact-sm" mih={44} onClick={() => download(view)}>
          Download GeoJSON
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Admin → Club settings' fishing area: the map and where it came from, and a new one pasted, chosen or drawn as
 * GeoJSON (checked here with the server's own rules before it is sent); audited.
 */
export function FishingAreaCard() {
  const { offshoreAllowed } = useCompetitionRules();
  const area = useFishingArea();
  const { geojson, change, problem, replace, send } = useFishingAreaChange();

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="fishing-area-title">
      <Stack gap="sm">
        <Title order={3} fz="lg" id="fishing-area-title">
          Fishing area
        </Title>
        <Text size="sm" c="dimmed">
          A catch is flagged for the judges when the phone&apos;s or the photo&apos;s position is outside this area.{' '}
          {offshoreAllowed
            ? 'The club allows offshore fishing, so the area takes in the sea its anglers fish.'
            : 'The club does not allow offshore fishing, so the area keeps to the shore, a few hundred metres out at most.'}
        </Text>
        <QueryState query={area} loading="Loading the fishing area..." failure="Could not load the fishing area. Please try again later.">
          {area.data && <CurrentFishingArea view={area.data} />}
        </QueryState>
        {area.data && <FishingAreaFields geojson={geojson} onGeojson={change} problem={problem} outline={area.data.area} />}
        <Group gap="sm">
          <Button size="md" mih={44} onClick={send} disabled={!geojson.trim()} loading={replace.isPending}>
            Replace the fishing area
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
