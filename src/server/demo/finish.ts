/* The last step: every row dated to when its step happened, and the counts reported. */
import { Catch, ContentPage, Event, Member, NewsArticle, Payment, SiteSection, Sponsor } from '../db/entities';
import type { DemoContext } from './context';

/** Tables whose created_at/updated_at the seeder moves to the clock of the step that wrote each row. */
const CREATED_AT = [
  'users',
  'households',
  'members',
  'payments',
  'events',
  'event_registrations',
  'stored_objects',
  'catches',
  'fishing_sessions',
  'sponsors',
  'content_pages',
  'site_sections',
  'site_settings',
  'news_articles',
  'audit_log',
  'mystery_fish',
];
const UPDATED_AT = [
  'users',
  'members',
  'payments',
  'events',
  'content_pages',
  'site_sections',
  'site_settings',
  'news_articles',
  'mystery_fish',
];

/** Moves each row's created_at (and updated_at) to the clock of the step that wrote it. */
export async function backdate(demo: DemoContext) {
  if (!demo.ranges.length) return;
  const values = demo.ranges
    .map((r) => `('${r.start.toISOString()}'::timestamptz, '${r.end.toISOString()}'::timestamptz, '${r.at.toISOString()}'::timestamptz)`)
    .join(',\n');
  for (const [columns, tables] of [
    ['created_at', CREATED_AT],
    ['updated_at', UPDATED_AT],
  ] as const) {
    for (const table of tables) {
      await demo.em.execute(
        `update ${table} t set ${columns} = r.at from (values ${values}) as r(s, e, at) where t.${columns} between r.s and r.e`,
      );
    }
  }
}

export async function countRows(demo: DemoContext): Promise<Record<string, number>> {
  const em = demo.em;
  return {
    // Club members: the guests who entered today's club day are on the sign-on desk, not the members list.
    members: await em.count(Member, { isGuest: false }),
    households: demo.households.length,
    events: await em.count(Event, {}),
    catches: await em.count(Catch, {}),
    sponsors: await em.count(Sponsor, {}),
    news: await em.count(NewsArticle, {}),
    pages: await em.count(ContentPage, {}),
    sections: await em.count(SiteSection, {}),
    payments: await em.count(Payment, {}),
  };
}
