import { useQuery } from '@tanstack/react-query';
import { CLUB } from '../../../shared/club';
import type { PublicSettings } from '../../../shared/cms.schema';
import { useTRPC, type Trpc } from '../../trpc';

export const siteSettingsQuery = (trpc: Trpc) => trpc.cms.settings.queryOptions();

/**
 * The site title and contact e-mail from the settings, with the club's own while they load or if they fail, and the
 * content pages the menu and footer link to (none until they load).
 */
export function useSiteSettings(): Required<PublicSettings> {
  const settings = useQuery(siteSettingsQuery(useTRPC()));
  return {
    siteTitle: settings.data?.siteTitle?.trim() || CLUB.name,
    contactEmail: settings.data?.contactEmail?.trim() || CLUB.contactEmail,
    menu: settings.data?.menu ?? [],
    footer: settings.data?.footer ?? [],
  };
}
