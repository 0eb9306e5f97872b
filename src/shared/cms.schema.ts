import { imageAddressMessage, isImageAddress } from './image-address';
import { z } from 'zod';
import { optionalText, text } from './auth.schema';
import type { ClubProfile } from './club-profile';
import { LANDING_KEYS } from './cms-defaults';
import { navLink, SITE_NAVIGATION_SETTING, siteNavigationProblem } from './site-navigation';

export { LANDING_KEYS, landingDefaults, type LandingKey } from './cms-defaults';

/** Lowercase words joined by hyphens: 'about', 'club-history'. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Section keys: 'hero_title', 'feature_1_desc'. */
const KEY = /^[a-z][a-z0-9_]*$/;

export const slugSchema = (label: string) =>
  text(label)
    .trim()
    .toLowerCase()
    .min(1, `${label} is required.`)
    .max(80, `${label} must be at most 80 characters.`)
    .refine((v) => SLUG.test(v), `${label} may contain lowercase letters, digits and hyphens only (e.g. club-history).`);

const idInput = z.object({ id: z.uuid({ error: 'That is not a valid id.' }) });
export { idInput as cmsIdInput };

const published = z.boolean({ error: 'Published must be true or false.' }).optional().default(false);

// ---------- Pages ----------
export const pageInput = z.object({
  title: text('Title').trim().min(1, 'Title is required.').max(200, 'Title must be at most 200 characters.'),
  slug: slugSchema('Slug'),
  /** HTML; sanitised by the server when saved and when served. */
  content: z.string({ error: 'Content must be text.' }).max(200_000, 'Content is too long.').optional().default(''),
  metaDescription: optionalText('Meta description', 300),
  published,
});
export type PageInput = z.input<typeof pageInput>;
export type PageData = z.output<typeof pageInput>;
export const pageView = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  metaDescription: z.string().nullable(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PageView = z.infer<typeof pageView>;

// ---------- Sections ----------
export const CONTENT_TYPES = ['text', 'html', 'image'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const sectionInput = z.object({
  pageSlug: slugSchema('Page slug'),
  sectionKey: text('Section key')
    .trim()
    .min(1, 'Section key is required.')
    .max(80, 'Section key must be at most 80 characters.')
    .refine(
      (v) => KEY.test(v),
      'Section key may contain lowercase letters, digits and underscores, starting with a letter (e.g. hero_title).',
    ),
  title: text('Title').trim().min(1, 'Title is required.').max(200, 'Title must be at most 200 characters.'),
  content: z.string({ error: 'Content must be text.' }).max(100_000, 'Content is too long.').optional().default(''),
  contentType: z.enum(CONTENT_TYPES, { error: 'Content type must be text, html or image.' }).optional().default('text'),
  /** Parsed as an integer, falling back to 0. */
  sortOrder: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => {
      const n = typeof v === 'number' ? Math.trunc(v) : Number.parseInt(String(v ?? ''), 10);
      return Number.isFinite(n) ? n : 0;
    })
    .refine((v) => v >= 0 && v <= 10_000, 'Sort order must be between 0 and 10,000.'),
  /** New sections are published unless said otherwise. */
  published: z.boolean({ error: 'Published must be true or false.' }).optional().default(true),
});
export type SectionInput = z.input<typeof sectionInput>;
export type SectionData = z.output<typeof sectionInput>;
export const sectionView = z.object({
  id: z.string(),
  pageSlug: z.string(),
  sectionKey: z.string(),
  title: z.string(),
  content: z.string(),
  contentType: z.enum(CONTENT_TYPES),
  sortOrder: z.number(),
  published: z.boolean(),
  updatedAt: z.string(),
});
export type SectionView = z.infer<typeof sectionView>;
/** What public pages read: GET /api/content/sections/landing → [{ sectionKey, content }]. */
export const publicSection = z.object({
  sectionKey: z.string(),
  title: z.string(),
  content: z.string(),
  contentType: z.enum(CONTENT_TYPES),
});
export type PublicSection = z.infer<typeof publicSection>;

/**
 * The section keys a page shows: the landing page draws only its own texts (LANDING_KEYS), in its own layout;
 * every other page (home at /public, any slug at /pages/<slug>) shows all its published sections in order.
 */
export function sectionKeysShownOn(pageSlug: string): readonly string[] | 'all' {
  return pageSlug === 'landing' ? LANDING_KEYS : 'all';
}

/** /pages/<slug>: the published page (if there is one) and the published sections of that slug, in order. */
export const contentPageView = z.object({
  slug: z.string(),
  title: z.string(),
  metaDescription: z.string().nullable(),
  /** The page's own HTML ('' for a slug with sections only). */
  content: z.string(),
  sections: z.array(publicSection),
});
export type ContentPageView = z.infer<typeof contentPageView>;

export const SECTION_TEMPLATES = {
  hero_section: [
    { sectionKey: 'hero_title', title: 'Hero Title', contentType: 'text', content: 'Welcome to our club' },
    { sectionKey: 'hero_subtitle', title: 'Hero Subtitle', contentType: 'text', content: 'A short line about what we do' },
    { sectionKey: 'hero_cta', title: 'Hero Button', contentType: 'text', content: 'Join Our Club Today' },
    { sectionKey: 'hero_image', title: 'Hero Image', contentType: 'image', content: '' },
  ],
  feature_grid: [1, 2, 3, 4].flatMap((n) => [
    { sectionKey: `feature_${n}_title`, title: `Feature ${n} Title`, contentType: 'text', content: `Feature ${n}` },
    { sectionKey: `feature_${n}_desc`, title: `Feature ${n} Description`, contentType: 'text', content: `A sentence about feature ${n}.` },
  ]),
  about_section: [
    { sectionKey: 'about_title', title: 'About Title', contentType: 'text', content: 'About us' },
    { sectionKey: 'about_content', title: 'About Content', contentType: 'html', content: '<p>Tell visitors about the club.</p>' },
    { sectionKey: 'about_image', title: 'About Image', contentType: 'image', content: '' },
  ],
} as const satisfies Record<string, { sectionKey: string; title: string; contentType: ContentType; content: string }[]>;
export type SectionTemplate = keyof typeof SECTION_TEMPLATES;
export const SECTION_TEMPLATE_NAMES = Object.keys(SECTION_TEMPLATES) as SectionTemplate[];

export const templateInput = z.object({
  template: z.enum(SECTION_TEMPLATE_NAMES as [SectionTemplate, ...SectionTemplate[]], { error: 'Please choose a template.' }),
  pageSlug: z.string({ error: 'Please enter a page slug' }).trim().min(1, 'Please enter a page slug').pipe(slugSchema('Page slug')),
});

// ---------- Settings ----------
export const SETTING_TYPES = ['text', 'number', 'boolean', 'json'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

export interface KnownSetting {
  type: SettingType;
  description: string;
  defaultValue: string;
  /** The club profile's value this setting falls back to (its `defaultValue` is then blank): `settingDefault`. */
  clubDefault?: 'name' | 'contactEmail';
}

/** Settings the site itself reads, with their type; others may be added freely. */
export const KNOWN_SETTINGS: Record<string, KnownSetting> = {
  site_title: { type: 'text', description: 'The name in the browser tab and the footer.', defaultValue: '', clubDefault: 'name' },
  contact_email: {
    type: 'text',
    description: 'Where sponsor notices go; shown in the footer.',
    defaultValue: '',
    clubDefault: 'contactEmail',
  },
  [SITE_NAVIGATION_SETTING]: {
    type: 'json',
    description: 'The content pages linked from the menu and the footer, in order (edited on the Menu and footer card).',
    defaultValue: '{"menu":[],"footer":[]}',
  },
  account_code_membership: { type: 'text', description: 'Accounting export: account code for membership fees.', defaultValue: '200' },
  account_code_event: { type: 'text', description: 'Accounting export: account code for event registrations.', defaultValue: '201' },
  account_code_sponsorship: { type: 'text', description: 'Accounting export: account code for sponsorships.', defaultValue: '202' },
  club_address: { type: 'text', description: "Receipts: the club's postal address, printed under its name.", defaultValue: '' },
};

/** A known setting's built-in default: its own, or the club profile's value it falls back to ('' for another key). */
export function settingDefault(key: string, club: Pick<ClubProfile, 'name' | 'contactEmail'>): string {
  const known = KNOWN_SETTINGS[key];
  if (!known) return '';
  return known.clubDefault ? club[known.clubDefault] : known.defaultValue;
}

/** A setting value checked against its type. */
export function settingValueProblem(type: SettingType, value: string): string | null {
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(value.trim()) ? null : 'This setting must be a number.';
  if (type === 'boolean') return value === 'true' || value === 'false' ? null : 'This setting must be true or false.';
  if (type === 'json') {
    try {
      JSON.parse(value);
      return null;
    } catch {
      return 'This setting must be valid JSON.';
    }
  }
  return null;
}

export const settingInput = z
  .object({
    settingKey: text('Setting key')
      .trim()
      .min(1, 'Setting key is required.')
      .max(80, 'Setting key must be at most 80 characters.')
      .refine((v) => KEY.test(v), 'Setting key may contain lowercase letters, digits and underscores (e.g. contact_email).'),
    settingValue: text('Setting value')
      .max(10_000, 'Setting value is too long.')
      .refine((v) => v.trim().length > 0, 'Setting value is required.'),
    settingType: z.enum(SETTING_TYPES, { error: 'Setting type must be text, number, boolean or json.' }).optional().default('text'),
    description: optionalText('Description', 300),
  })
  .superRefine((s, ctx) => {
    const problem = settingValueProblem(s.settingType, s.settingValue);
    if (problem) ctx.addIssue({ code: 'custom', path: ['settingValue'], message: problem });
    const navigation =
      s.settingKey === SITE_NAVIGATION_SETTING && s.settingType === 'json' && !problem ? siteNavigationProblem(s.settingValue) : null;
    if (navigation) ctx.addIssue({ code: 'custom', path: ['settingValue'], message: navigation });
    if (s.settingKey === 'contact_email' && !z.email().safeParse(s.settingValue.trim()).success) {
      ctx.addIssue({ code: 'custom', path: ['settingValue'], message: 'contact_email must be an e-mail address.' });
    }
  });
export type SettingInput = z.input<typeof settingInput>;
export type SettingData = z.output<typeof settingInput>;
export const settingView = z.object({
  id: z.string(),
  settingKey: z.string(),
  settingValue: z.string(),
  settingType: z.enum(SETTING_TYPES),
  description: z.string().nullable(),
});
export type SettingView = z.infer<typeof settingView>;

// ---------- News ----------
export const newsInput = z.object({
  title: text('Title').trim().min(1, 'Title is required.').max(200, 'Title must be at most 200 characters.'),
  excerpt: optionalText('Excerpt', 500),
  /** HTML; sanitised by the server. */
  content: text('Content')
    .max(200_000, 'Content is too long.')
    .refine((v) => v.trim().length > 0, 'Content is required.'),
  featuredImageUrl: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => v?.trim() || null)
    .refine((v) => !v || isImageAddress(v), imageAddressMessage('The image')),
  /** New articles start unpublished. */
  published,
});
export type NewsInput = z.input<typeof newsInput>;
export type NewsData = z.output<typeof newsInput>;
export const newsView = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  content: z.string(),
  featuredImageUrl: z.string().nullable(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NewsView = z.infer<typeof newsView>;

/** The public site's settings (title and contact e-mail, defaults filled in) and the published pages the menu and footer link to. */
export const publicSettings = z.object({
  siteTitle: z.string(),
  contactEmail: z.string(),
  /** The content pages linked from the menu and the footer (absent: none). */
  menu: z.array(navLink).optional(),
  footer: z.array(navLink).optional(),
});
export type PublicSettings = z.infer<typeof publicSettings>;
