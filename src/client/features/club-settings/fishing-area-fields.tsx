import { Anchor, FileInput, Stack, Text, Textarea } from '@mantine/core';
import type { FishingArea } from '../../../shared/fishing-area';
import { FIELD } from './thumb-field';

/** geojson.io opened with an outline on its map, to move its points or draw another and save it as GeoJSON. */
export function mapEditorAddress(area: FishingArea): string {
  const feature = { type: 'Feature', properties: { name: 'Fishing area' }, geometry: area };
  return `https://geojson.io/#data=data:application/json,${encodeURIComponent(JSON.stringify(feature))}`;
}

/**
 * A new fishing area as GeoJSON, pasted, chosen as a file, or drawn on a map at geojson.io (which opens with the
 * outline shown, to move its points or draw another): the setup page's and Admin → Club settings'.
 */
export function FishingAreaFields(props: {
  geojson: string;
  onGeojson: (text: string) => void;
  problem: string | null | undefined;
  /** The outline the map editor opens with. */
  outline: FishingArea;
}) {
  const { geojson, onGeojson, problem, outline } = props;
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Anchor href={mapEditorAddress(outline)} target="_blank" rel="noopener noreferrer" inline>
          Draw or change the outline on a map
        </Anchor>{' '}
        (geojson.io opens with this one: move its points or draw a new polygon, then Save → GeoJSON and choose the file or paste it below).
      </Text>
      <Textarea
        label="New fishing area (GeoJSON)"
        description="A Polygon, or a MultiPolygon of one, positions as [longitude, latitude]; a Feature or FeatureCollection holding one is fine too. 4 to 2,000 points."
        placeholder='{"type": "Polygon", "coordinates": [[[longitude, latitude], ...]]}'
        autosize
        minRows={3}
        maxRows={10}
        value={geojson}
        onChange={(e) => onGeojson(e.currentTarget.value)}
        error={problem}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
      />
      <FileInput
        {...FIELD}
        label="Or choose a GeoJSON file"
        accept=".geojson,.json,application/geo+json,application/json"
        clearable
        onChange={(file) => {
          if (file) void file.text().then(onGeojson);
        }}
      />
    </Stack>
  );
}
