/**
 * Club-scale data for the benchmarks, written straight into PostgreSQL with generate_series (seconds,
 * not minutes): households and members, past competitions with their catches, and optionally upcoming
 * events, payments, sponsors and the landing page's published sections.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { performance } from 'node:perf_hooks';
import { EXAMPLE_CLUB_PROFILE } from '../src/shared/club-example';
import { landingDefaults } from '../src/shared/cms-defaults';

export interface SeedPlan {
  members: number;
  /** Completed competitions, one a day going back from yesterday; the catches are spread over these. */
  pastEvents: number;
  /** Active events, one a fortnight from next week: what the upcoming lists show. */
  upcomingEvents?: number;
  catches: number;
  payments?: number;
  /** Accepted sponsors shown on the site (plus a few pending, declined and lapsed ones that are not). */
  activeSponsors?: number;
  /** The landing page's texts as published CMS sections (and one unpublished draft). */
  landingSections?: boolean;
}

/** Seeds `plan` into an empty, migrated database and runs ANALYZE; returns the seconds it took. */
export async function seedClub(em: EntityManager, plan: SeedPlan): Promise<number> {
  const { members, pastEvents, catches, upcomingEvents = 0, payments = 0, activeSponsors = 0 } = plan;
  const sql = (query: string, params?: unknown[]) => em.getConnection().execute(query, params);
  const start = performance.now();

  await sql(`insert into households (id, membership_type, created_at)
    select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, (array['adult','junior','family'])[1 + g % 3], now()
    from generate_series(1, ${members}) g`);
  await sql(`insert into members (id, household_id, is_primary, first_name, last_name, email, date_of_birth, membership_type, status, member_since, expiry_date, created_at, updated_at)
    select gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, true,
      (array['Ava','Ben','Cleo','Dan','Eve','Finn','Gus','Hana','Ivy','Jack'])[1 + g % 10],
      (array['Bream','Flathead','Whiting','Tailor','Mulloway','Trevally','Jack','Snapper','Luderick','Dart'])[1 + (g / 10) % 10] || ' ' || g,
      'member' || g || '@example.com', date '1970-01-01' + (g % 15000),
      (array['adult','junior','family'])[1 + g % 3],
      (array['active','active','active','expired','pending'])[1 + g % 5],
      date '2022-07-01' + (g % 1400), current_date + (g % 700) - 300, now(), now()
    from generate_series(1, ${members}) g`);
  await sql(`insert into events (id, name, location, event_date, status, created_at, updated_at)
    select gen_random_uuid(), 'Competition ' || g, 'Tweed River', now() - (g || ' days')::interval, 'completed', now(), now()
    from generate_series(1, ${pastEvents}) g`);
  if (upcomingEvents > 0) {
    await sql(`insert into events (id, name, description, location, event_date, rules, prizes, registration_fee_cents, max_participants, registered_count, status, created_at, updated_at)
      select gen_random_uuid(), (array['Monthly Bream Classic','Flathead Frenzy','Whiting Wade','Mulloway Night Session'])[1 + g % 4] || ' ' || g,
        'A club competition on the Tweed: sign on at the boat ramp from 5:30 am, weigh-in at 1 pm, barbecue after.',
        (array['Tweed River, Chinderah','Cudgen Creek, Kingscliff','Terranora Broadwater','Cabarita Beach'])[1 + g % 4],
        date_trunc('day', now()) + ((7 + 14 * (g - 1)) || ' days')::interval + interval '20 hours',
        'Club rules apply. Legal minimum lengths; photograph every fish on the brag mat with the day''s code.',
        'Trophies for the heaviest bag in each category, junior prizes, lucky draw.',
        (array[0, 1000, 1500])[1 + g % 3], (array[40, 60, null])[1 + g % 3]::int, g % 30, 'active', now(), now()
      from generate_series(1, ${upcomingEvents}) g`);
  }
  await sql(`insert into catches (id, event_id, angler_id, species, size_cm, fate, caught_at, photo_key, photo_hash, flags, status, waiver_accepted_at, accuracy_confirmed_at, created_at)
    select gen_random_uuid(), e.ids[1 + g % ${pastEvents}], m.ids[1 + g % ${members}],
      (array['Mulloway','Whiting','Bream','Flathead','Mangrove Jack','Trevally','Tailor'])[1 + g % 7],
      round((15 + random() * 70)::numeric, 1), (array['kept','released'])[1 + g % 2], e.days[1 + g % ${pastEvents}] + interval '2 hours',
      'catches/bench.webp', md5(g::text), '[]', (array['verified','verified','pending','rejected'])[1 + g % 4], now(), now(), now()
    from generate_series(1, ${catches}) g,
      (select array_agg(id order by event_date) as ids, array_agg(event_date order by event_date) as days from events where status = 'completed') e,
      (select array_agg(id order by id) as ids from members) m`);
  if (payments > 0) {
    await sql(`insert into payments (id, kind, purpose, description, payee, amount_cents, currency, provider, provider_order_id, provider_capture_id, status, captured_at, created_at, updated_at)
      select gen_random_uuid(), (array['membership','membership','membership','event','sponsorship'])[1 + g % 5], 'renewal', 'Bench payment', 'Payer ' || g,
        (array[4000, 3000, 12000, 1000, 50000])[1 + g % 5], 'AUD', 'demo', 'BENCH-' || g, 'CAP-' || g,
        (array['completed','completed','completed','refunded','failed'])[1 + g % 5], now() - ((g % 700) || ' days')::interval, now(), now()
      from generate_series(1, ${payments}) g`);
  }
  if (activeSponsors > 0) {
    // Rows past `activeSponsors` are the ones the public must not see: pending, declined, or lapsed yesterday.
    await sql(`insert into sponsors (id, company_name, contact_person, email, phone, sponsorship_type, amount_cents, status, logo_url, website_url, end_date, reviewed_at, created_at)
      select gen_random_uuid(), 'Tweed Tackle & Bait ' || g, 'Contact ' || g, 'sponsor' || g || '@example.com', '0400 000 ' || lpad(g::text, 3, '0'),
        (array['shirt','website','both'])[1 + g % 3], (array[25000, 50000, 100000])[1 + g % 3],
        case when g <= ${activeSponsors} then 'active' else (array['pending','declined','active'])[1 + g % 3] end,
        'https://sponsor' || g || '.example.com/logo.png', 'https://sponsor' || g || '.example.com/',
        case when g <= ${activeSponsors} then (case when g % 2 = 0 then null else to_char(current_date + 200, 'YYYY-MM-DD') end)
             else to_char(current_date - 1, 'YYYY-MM-DD') end,
        now(), now()
      from generate_series(1, ${activeSponsors + 6}) g`);
  }
  if (plan.landingSections) {
    const entries = [
      ...Object.entries(landingDefaults(EXAMPLE_CLUB_PROFILE)),
      ['hero_title_draft', 'An unpublished draft the public must not see'],
    ];
    for (const [i, [key, text]] of entries.entries()) {
      await sql(
        `insert into site_sections (id, page_slug, section_key, title, content_type, content, sort_order, published, created_at, updated_at)
         values (gen_random_uuid(), 'landing', ?, ?, 'text', ?, ?, ?, now(), now())`,
        [key, key.replace(/_/g, ' '), text, i, !key.endsWith('_draft')],
      );
    }
  }
  await sql('analyze');
  return (performance.now() - start) / 1000;
}
