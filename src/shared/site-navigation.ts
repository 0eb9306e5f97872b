import { z } from 'zod';

/** The setting that lists the content pages linked from the menu and the footer, in order. */
export const SITE_NAVIGATION_SETTING = 'site_navigation';
/** More would not fit the menu bar beside Home, Sponsors and the account button. */
export const MAX_MENU_PAGES = 4;
export const MAX_FOOTER_PAGES = 12;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugList = (where: string, max: number) =>
  z
    .array(
      z.string({ error: `The ${where} lists page addresses (slugs) as text.` }).regex(SLUG, `The ${where} lists page slugs such as about.`),
      {
        error: `The ${where} must be a list of page slugs.`,
      },
    )
    .max(max, `The ${where} can link to at most ${max} pages.`)
    .refine((slugs) => new Set(slugs).size === slugs.length, `The ${where} lists a page twice.`);

/** The site_navigation setting's value: `{"menu": ["about", "where-to-fish"], "footer": ["about"]}`. */
export const siteNavigation = z.object(
  {
    menu: slugList('menu', MAX_MENU_PAGES).optional().default([]),
    footer: slugList('footer', MAX_FOOTER_PAGES).optional().default([]),
  },
  { error: 'The navigation must look like {"menu": ["about"], "footer": ["about"]}.' },
);
export type SiteNavigation = z.output<typeof siteNavigation>;

export const EMPTY_NAVIGATION: SiteNavigation = { menu: [], footer: [] };

/** Why a site_navigation value cannot be saved (its shape only; the server also checks that each page exists), or null. */
export function siteNavigationProblem(value: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return 'This setting must be valid JSON.';
  }
  const parsed = siteNavigation.safeParse(json);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'The navigation could not be read.');
}

/** The stored value as the site reads it: anything unreadable links to nothing rather than breaking the menu. */
export function parseSiteNavigation(value: string | null | undefined): SiteNavigation {
  if (!value) return EMPTY_NAVIGATION;
  try {
    const parsed = siteNavigation.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : EMPTY_NAVIGATION;
  } catch {
    return EMPTY_NAVIGATION;
  }
}

/** A content page the menu or footer links to (/pages/<slug>). */
export const navLink = z.object({ slug: z.string(), title: z.string() });
export type NavLink = z.infer<typeof navLink>;

/** A page address made from its title: 'About the Club' → 'about-the-club', 'Rods & Reels' → 'rods-and-reels'. */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= 80) return words;
  // Cut at a word boundary within the 80 characters a slug may have.
  const cut = words.slice(0, 80);
  return (cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut).replace(/-+$/, '');
}

/** The slug suggested for a title: its own, or with -2, -3... when another page has it. '' for a title with no letters or digits. */
export function suggestSlug(title: string, taken: Iterable<string>): string {
  const base = slugFromTitle(title);
  if (!base) return '';
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 80 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A heading made from a slug, for a page that has sections but no page record: 'where-to-fish' → 'Where to fish'. */
export function titleFromSlug(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
