import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { CLUB } from '../shared/club';

/** Mantine theme in the club colours (CLUB.colours.primary is Mantine's blue.8, accent is teal.6). */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  // People who ask their device for less motion get no sliding drawers or fading dialogs.
  respectReducedMotion: true,
  fontFamily: CLUB.fontFamily,
  headings: { fontWeight: '700' },
  other: { colours: CLUB.colours },
  // Mantine's close (×) buttons have no text of their own: name them for screen readers. Plain
  // objects rather than Modal.extend() so the theme does not pull those components into every page.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close menu' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      // Under a title Mantine greys the text with a fixed gray.6 (3.3:1 on white): use the readable dimmed grey.
      styles: (_theme: unknown, props: { title?: unknown }) =>
        props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {},
    },
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Remove the chosen file' } } },
  },
});

/** WCAG AA contrast for ordinary text. */
const AA = 4.5;
const WHITE = '#ffffff';
const HEX = /^#[0-9a-f]{6}$/i;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function darken(hex: string, amount: number): string {
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `colour`, darkened in small steps until it reads at 4.5:1 or better on every one of `backgrounds`. */
export function readable(colour: string, backgrounds: string[]): string {
  let result = colour;
  for (let i = 0; i < 50 && backgrounds.some((bg) => contrastRatio(result, bg) < AA); i++) result = darken(result, 0.03);
  return result;
}

/**
 * Mantine's light scheme, made to meet WCAG AA contrast with the smallest change to its look:
 * grey secondary text ("dimmed") and placeholders, white text on filled buttons and badges (teal and
 * green fall short at shade 8), and the text of light buttons, badges and alerts (green, orange and
 * yellow fall short on their pale backgrounds) and field errors are darkened just enough; every other colour is kept.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  // Worked out once per theme: Mantine asks on every render of its provider, and on a slow phone it shows.
  let resolved = resolvedFor.get(t);
  if (!resolved) resolvedFor.set(t, (resolved = resolveVariables(t)));
  return resolved;
};

const resolvedFor = new WeakMap<object, ReturnType<CSSVariablesResolver>>();

function resolveVariables(t: Parameters<CSSVariablesResolver>[0]): ReturnType<CSSVariablesResolver> {
  const { gray, teal, blue } = t.colors;
  // Dimmed text sits on white and on the pale backgrounds the screens use (cards, footer, stripes).
  const dimmed = readable(gray[6], [WHITE, gray[0], gray[1], teal[0], blue[0], CLUB.colours.sand]);
  const light: Record<string, string> = {
    '--mantine-color-dimmed': dimmed,
    '--mantine-color-placeholder': dimmed,
    // Field errors (red.6 reads at 3.3:1) sit on white and on pale cards.
    '--mantine-color-error': readable(t.colors.red[6], [WHITE, gray[0], gray[1]]),
  };
  const shade = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light;
  for (const [name, shades] of Object.entries(t.colors)) {
    if (!shades.every((s) => HEX.test(s))) continue;
    const filled = readable(shades[shade], [WHITE]);
    if (filled !== shades[shade]) {
      light[`--mantine-color-${name}-filled`] = filled;
      light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.12);
      light[`--mantine-color-${name}-outline`] = filled;
    }
    // Light variants: shade 9 text on shade 1 (shade 2 when hovered or active).
    const lightText = readable(shades[9], [shades[1], shades[2]]);
    if (lightText !== shades[9]) light[`--mantine-color-${name}-light-color`] = lightText;
  }
  return { variables: {}, light, dark: {} };
}
