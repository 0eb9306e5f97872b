import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { APP_FONT_FAMILY } from '../shared/app-font';
import type { ClubProfile } from '../shared/club-profile';

export type ClubColours = ClubProfile['colours'];

/** WCAG AA contrast for ordinary text. */
const AA = 4.5;
const WHITE = '#ffffff';
const BLACK = '#000000';
const HEX = /^#[0-9a-f]{6}$/i;

/** The shade of Mantine's blue the club's main colour is, and of its teal the accent. */
const PRIMARY_SHADE = 8;
const ACCENT_SHADE = 6;

/** What every club's theme shares: only the colours are the club's. */
const BASE: MantineThemeOverride = {
  primaryColor: 'blue',
  primaryShade: { light: PRIMARY_SHADE, dark: 6 },
  defaultRadius: 'md',
  // People who ask their device for less motion get no sliding drawers or fading dialogs.
  respectReducedMotion: true,
  fontFamily: APP_FONT_FAMILY,
  headings: { fontWeight: '700' },
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
};

/**
 * Ten shades with `colour` as shade `at`: the paler ones mixed with white, the deeper ones with black. Mantine's own
 * palette when `colour` is already its shade there, so a club in Mantine's colours keeps its look exactly.
 */
export function shadesAround(colour: string, at: number, own: MantineColorsTuple): MantineColorsTuple {
  if (own[at].toLowerCase() === colour.toLowerCase()) return own;
  const shades = Array.from({ length: 10 }, (_, i) =>
    i <= at ? mix(colour, WHITE, (at - i) / (at + 1)) : mix(colour, BLACK, (i - at) * 0.14),
  );
  return shades as unknown as MantineColorsTuple;
}

const themes = new Map<string, MantineThemeOverride>();

/**
 * Mantine's theme in the club's colours: its main colour is blue.8 (the primary colour), its accent teal.6, every
 * blue and teal on the screens a shade of them. One theme object per set of colours, so that the contrast
 * resolver below works each out once.
 */
export function clubTheme(colours: ClubColours): MantineThemeOverride {
  const key = [colours.primary, colours.primaryDark, colours.accent, colours.sand].join(' ');
  let theme = themes.get(key);
  if (!theme) {
    theme = createTheme({
      ...BASE,
      colors: {
        blue: shadesAround(colours.primary, PRIMARY_SHADE, DEFAULT_THEME.colors.blue),
        teal: shadesAround(colours.accent, ACCENT_SHADE, DEFAULT_THEME.colors.teal),
      },
      other: { colours },
    });
    themes.set(key, theme);
  }
  return theme;
}

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

/** `hex` moved `amount` (0 to 1) of the way to `towards`, channel by channel. */
function mix(hex: string, towards: string, amount: number): string {
  return `#${[1, 3, 5]
    .map((i) => {
      const from = parseInt(hex.slice(i, i + 2), 16);
      const to = parseInt(towards.slice(i, i + 2), 16);
      return Math.round(from + (to - from) * amount)
        .toString(16)
        .padStart(2, '0');
    })
    .join('')}`;
}

const darken = (hex: string, amount: number) => mix(hex, BLACK, amount);

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
 * yellow fall short on their pale backgrounds), links and field errors are darkened just enough; every other colour is kept.
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
  const sand = (t.other.colours as ClubColours | undefined)?.sand ?? WHITE;
  // Dimmed text sits on white and on the pale backgrounds the screens use (cards, footer, stripes, the club's sand).
  const dimmed = readable(gray[6], [WHITE, gray[0], gray[1], teal[0], blue[0], sand]);
  const light: Record<string, string> = {
    '--mantine-color-dimmed': dimmed,
    '--mantine-color-placeholder': dimmed,
    // Field errors (red.6 reads at 3.3:1) sit on white and on pale cards.
    '--mantine-color-error': readable(t.colors.red[6], [WHITE, gray[0], gray[1]]),
  };
  const shade = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light;
  // Links are the main colour as text, on white and on the pale backgrounds: a club's lighter main colour is darkened just enough.
  const primary = t.colors[t.primaryColor][shade];
  if (HEX.test(primary)) {
    const anchor = readable(primary, [WHITE, gray[0], gray[1], sand]);
    if (anchor !== primary) light['--mantine-color-anchor'] = anchor;
  }
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

/**
 * A club colour darkened just enough to read at 4.5:1 against white: white text on it (the landing page's and the
 * public page's banners) or it as text on white (the membership card).
 */
export const againstWhite = (colour: string): string => readable(colour, [WHITE]);
