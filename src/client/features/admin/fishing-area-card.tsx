import { Button, Card, FileInput, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { clubToday, formatAuDate } from '../../../shared/dates';
import type { FishingAreaView } from '../../../shared/fishing-area';
import { QueryState } from '../../components/query-state';
import { useClub } from '../../lib/club-profile';
import { FishingAreaMap } from './fishing-area-map';
import { useFishingArea } from './judge-photo-checks';
import { useFishingAreaChange } from './use-fishing-area-change';

/** Who last changed the area and when, or that it is the club's default. */
function provenance(view: FishingAreaView): string {
  const points = `${view.points.toLocaleString('en-AU')} points`;
  const when = view.changedAt ? ` by ${view.changedBy} on ${formatAuDate(clubToday(new Date(view.changedAt)))}` : '';
  if (view.isDefault) return `${points} · the club's default${when ? ` (reset${when})` : ''}`;
  return `${points} · replaced${when}`;
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
        <Button variant="subtle" size="compact-sm" onClick={() => download(view)}>
          Download GeoJSON
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The committee's fishing area: the map and where it came from, and a new one pasted or chosen as GeoJSON
 * (checked here with the server's own rules before it is sent), or back to the club's default.
 */
export function FishingAreaCard() {
  const club = useClub();
  const area = useFishingArea();
  const { geojson, setGeojson, problem, setProblem, replace, reset, send } = useFishingAreaChange();

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Fishing area
        </Title>
        <Text size="sm" c="dimmed">
          A catch is flagged for the judges when the phone&apos;s or the photo&apos;s position is outside this area. The club&apos;s default
          takes in the rivers, estuaries, creeks, rocks, headlands and beaches of {club.area}, about 250-300 m out from the shore, but not
          the sea offshore.
        </Text>
        <QueryState query={area} loading="Loading the fishing area..." failure="Could not load the fishing area. Please try again later.">
          {area.data && <CurrentFishingArea view={area.data} />}
        </QueryState>
        <Textarea
          label="New fishing area (GeoJSON)"
          description="A Polygon, or a MultiPolygon of one, positions as [longitude, latitude]; a Feature or FeatureCollection holding one is fine too. 4 to 2,000 points."
          placeholder='{"type": "Polygon", "coordinates": [[[153.55, -28.16], ...]]}'
          autosize
          minRows={3}
          maxRows={10}
          value={geojson}
          onChange={(e) => {
            setGeojson(e.currentTarget.value);
            setProblem(null);
          }}
          error={problem}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        />
        <FileInput
          label="Or choose a GeoJSON file"
          accept=".geojson,.json,application/geo+json,application/json"
          clearable
          onChange={(file) => {
            setProblem(null);
            if (file) void file.text().then(setGeojson);
          }}
        />
        <Group gap="sm">
          <Button onClick={send} disabled={!geojson.trim()} loading={replace.isPending}>
            Replace
          </Button>
          <Button
            variant="light"
            color="gray"
            onClick={() => reset.mutate()}
            disabled={area.data?.isDefault !== false}
            loading={reset.isPending}
          >
            Reset to the club&apos;s default
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
