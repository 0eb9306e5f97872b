import { CLUB } from './club';

/** The landing page's editable texts and their built-in defaults, used when no published section has the key. */
export const LANDING_DEFAULTS = {
  hero_title: CLUB.name,
  hero_subtitle: `Fishing the rivers, estuaries and beaches of the ${CLUB.region}. Join a friendly club of local anglers.`,
  cta_primary: 'Join Our Club Today',
  cta_secondary: 'Learn More',
  feature_community_title: 'Community',
  feature_community_desc: `Meet fellow anglers from across ${CLUB.localName}, share local knowledge and fish together.`,
  feature_events_title: 'Events',
  feature_events_desc: 'Club days, working bees and social outings on the river, estuary and beaches.',
  feature_competitions_title: 'Competitions',
  feature_competitions_desc: 'Monthly competitions across seven species categories, with prizes and champion points.',
  feature_experience_title: 'Experience',
  feature_experience_desc: 'Learn from experienced members, from rigging and bait to reading the tides.',
  final_cta_title: 'Ready to Cast Your Line?',
  final_cta_desc: 'Create your account or log in to register for events and log your catches.',
  final_cta_button: 'Login / Get Started',
} as const;
export type LandingKey = keyof typeof LANDING_DEFAULTS;
