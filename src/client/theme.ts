import { createTheme } from '@mantine/core';
import { CLUB } from '../shared/club';

/** Mantine theme in the club colours (CLUB.colours.primary is Mantine's blue.8, accent is teal.6). */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  // People who ask their device for less motion get no sliding drawers or fading dialogs.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  other: { colours: CLUB.colours },
});
