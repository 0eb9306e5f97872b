import type { ClubProfile } from './club-profile';
import { areaAndState } from './club-profile-plain';

/** The landing page's texts that read the same for every club. */
const COMMON_TEXTS = {
  cta_primary: 'Join Our Club Today',
  cta_secondary: 'Learn More',
  feature_community_title: 'Community',
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

type ClubWords = Pick<ClubProfile, 'name' | 'area' | 'state' | 'localName'>;

/**
 * The landing page's editable texts and their built-in defaults in the club's own words, used when no published
 * section has the key.
 */
export function landingDefaults(club: ClubWords): Record<LandingKey, string> {
  return {
    hero_title: club.name,
    hero_subtitle: `Fishing the rivers, estuaries and beaches of ${areaAndState(club)}. Join a friendly club of local anglers.`,
    feature_community_desc: `Meet fellow anglers from across ${club.localName}, share local knowledge and fish together.`,
    ...COMMON_TEXTS,
  };
}

/** The landing page's own section keys: the texts it draws in its own layout. */
export const LANDING_KEYS = ['hero_title', 'hero_subtitle', 'feature_community_desc', ...Object.keys(COMMON_TEXTS)] as [
  'hero_title',
  'hero_subtitle',
  'feature_community_desc',
  ...(keyof typeof COMMON_TEXTS)[],
];
export type LandingKey = (typeof LANDING_KEYS)[number];
