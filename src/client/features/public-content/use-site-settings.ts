import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../../shared/cms.schema';
import { useClub } from '../../lib/club-profile';
import { useTRPC, type Trpc } from '../../trpc';

export const siteSettingsQuery = (trpc: Trpc) => trpc.cms.settings.queryOptions();

/**
 * The site title and contact e-mail from the settings, with the club profile's while they load or if they fail, and the
 * content pages the menu and footer link to (none until they load).
 */
export function useSiteSettings(): Required<PublicSettings> {
  const settings = useQuery(siteSettingsQuery(useTRPC()));
  const club = useClub();
  return {
    siteTitle: settings.data?.siteTitle?.trim() || club.name,
    contactEmail: settings.data?.contactEmail?.trim() || club.contactEmail,
    menu: settings.data?.menu ?? [],
    footer: settings.data?.footer ?? [],
  };
}
