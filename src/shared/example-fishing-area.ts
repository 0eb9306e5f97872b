import type { FishingArea } from './fishing-area';

/**
 * The example club's fishing area (the setup page's example, and the area of a site that never stored one): the Tweed
 * Shire from the Queensland border at Point Danger to the Byron Shire boundary south of Wooyung. Along the ocean it keeps about 250-300 m seaward of the shoreline (beaches, rock
 * platforms, headlands and river walls are in; Cook Island and the water beyond are out); inland it follows the
 * shire boundary roughly, so the Tweed River and its arms, Terranora and Cobaki Broadwaters and the coastal creeks
 * (Cudgen, Cudgera, Mooball) are inside.
 */
export const EXAMPLE_FISHING_AREA: FishingArea = {
  type: 'Polygon',
  coordinates: [
    [
      // The coast, north to south, a little seaward of the shore.
      [153.556, -28.164], // Point Danger
      [153.561, -28.169], // Duranbah and the Tweed River's north wall
      [153.5615, -28.173], // the river mouth and the south wall
      [153.5635, -28.18], // Letitia Spit
      [153.5685, -28.19],
      [153.5755, -28.1985], // Fingal Head
      [153.574, -28.204], // Dreamtime Beach
      [153.5785, -28.23],
      [153.585, -28.253], // Kingscliff
      [153.5865, -28.262], // Cudgen Creek mouth
      [153.5885, -28.272], // Cudgen Headland
      [153.586, -28.285], // Salt and Casuarina
      [153.58, -28.31],
      [153.579, -28.333], // Norries Head, Cabarita
      [153.577, -28.345],
      [153.5815, -28.36], // Hastings Point
      [153.579, -28.37], // Cudgera Creek mouth
      [153.5725, -28.388], // Pottsville and Mooball Creek
      [153.568, -28.42],
      [153.565, -28.45], // Wooyung
      [153.562, -28.478], // the Byron Shire boundary
      // Inland along the boundary with Byron Shire and the Nightcap Range.
      [153.54, -28.478],
      [153.5, -28.485],
      [153.45, -28.47],
      [153.4, -28.465],
      [153.36, -28.5],
      [153.3, -28.54],
      [153.24, -28.55],
      // The Tweed and Border Ranges in the west.
      [153.17, -28.5],
      [153.11, -28.43],
      [153.08, -28.33],
      [153.1, -28.265],
      // The Queensland border along the McPherson Range, back to Point Danger.
      [153.15, -28.26],
      [153.2, -28.255],
      [153.25, -28.235],
      [153.29, -28.245],
      [153.34, -28.255],
      [153.385, -28.245],
      [153.43, -28.215],
      [153.46, -28.19],
      [153.49, -28.174],
      [153.51, -28.175],
      [153.53, -28.172],
      [153.538, -28.169],
      [153.544, -28.1675],
      [153.55, -28.1655],
      [153.556, -28.164],
    ],
  ],
};
