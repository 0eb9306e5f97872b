import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FishingAreaCard } from '../../src/client/features/club-settings/fishing-area-card';
import { mapEditorAddress } from '../../src/client/features/club-settings/fishing-area-fields';
import { aFishingArea } from './builders';
import { fakeServer, ok, renderWithProviders } from './render';

const AREA = aFishingArea();

describe('the fishing area card', () => {
  const FINGAL_ONLY = JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [153.56, -28.21],
        [153.58, -28.21],
        [153.58, -28.19],
        [153.56, -28.19],
        [153.56, -28.21],
      ],
    ],
  });

  function areaServer() {
    let current = AREA;
    return fakeServer({
      'admin.fishingArea.get': () => ok(current),
      'admin.fishingArea.replace': ({ geojson }) => {
        current = aFishingArea({
          area: JSON.parse(geojson),
          points: 5,
          isExample: false,
          changedAt: '2026-12-01T01:00:00.000Z',
          changedBy: 'Jude Judge',
        });
        return ok(current);
      },
    });
  }
  const sent = (server: ReturnType<typeof fakeServer>, procedure: string) =>
    server
      .mutations()
      .filter((c) => c.procedures.includes(procedure))
      .flatMap((c) => c.inputs);

  it('shows the area on a map with where it came from; refuses bad GeoJSON with the reason; replaces it; opens it on a map editor', async () => {
    const server = areaServer();
    const user = userEvent.setup();
    renderWithProviders(<FishingAreaCard />, server);
    expect(await screen.findByRole('img', { name: /^The fishing area/ })).toBeTruthy();
    expect(screen.getByTestId('fishing-area-provenance').textContent).toBe(`${AREA.points} points · the example area the site came with`);
    const editor = screen.getByRole('link', { name: 'Draw or change the outline on a map' }) as HTMLAnchorElement;
    expect(editor.href).toBe(mapEditorAddress(AREA.area));
    const opened = JSON.parse(decodeURIComponent(editor.href.split('#data=data:application/json,')[1]));
    expect(opened.geometry).toEqual(AREA.area);

    const box = screen.getByRole('textbox', { name: 'New fishing area (GeoJSON)' });
    await user.click(box);
    await user.paste('lake tweed');
    await user.click(screen.getByRole('button', { name: 'Replace the fishing area' }));
    expect(await screen.findByText('That is not GeoJSON: the text could not be read as JSON.')).toBeTruthy();
    await user.clear(box);
    await user.paste(FINGAL_ONLY.replace('[153.56,-28.21]]]', '[153.56,-28.2]]]'));
    await user.click(screen.getByRole('button', { name: 'Replace the fishing area' }));
    expect(await screen.findByText('The outline must be closed: its last point must repeat its first.')).toBeTruthy();
    expect(sent(server, 'admin.fishingArea.replace')).toEqual([]);

    await user.clear(box);
    await user.paste(FINGAL_ONLY);
    await user.click(screen.getByRole('button', { name: 'Replace the fishing area' }));
    expect(await screen.findByText('5 points · set by Jude Judge on 01/12/2026')).toBeTruthy();
    expect(sent(server, 'admin.fishingArea.replace')).toEqual([{ geojson: FINGAL_ONLY }]);
    expect((box as HTMLTextAreaElement).value).toBe('');

    expect(screen.getByText(/The club does not allow offshore fishing/)).toBeTruthy();
  });
});
