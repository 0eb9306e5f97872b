import { AppError } from '../../shared/errors';
import { API_ADDRESS_MESSAGE, pointsIntoApi } from '../../shared/site-urls';

/** An address field (image, logo, website) may not lead into the site's own API (an image of /api/logout). */
export function refuseApiAddress(url: string | null | undefined, label: string, field: string, siteOrigin: string): void {
  if (url && pointsIntoApi(url, siteOrigin)) throw new AppError('BAD_REQUEST', API_ADDRESS_MESSAGE(label), { field });
}
