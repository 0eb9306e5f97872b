/**
 * Addresses that committee-written content may not use: anything that would make a visitor's browser call the
 * site's own API (`/api`, `/trpc`, `/paypal`) with their cookies, such as an image of `/api/logout`. The one
 * exception is the site's own processed images (`/api/objects/images/<id>.webp`), which uploads produce.
 */
const API_PREFIXES = ['/api', '/trpc', '/paypal'];
const STORED_IMAGE = /^\/api\/objects\/images\/[0-9a-f-]{36}(-thumb)?\.webp$/;

export const API_ADDRESS_MESSAGE = (label: string) => `${label} cannot point to the club site's own /api or /trpc addresses.`;

/**
 * True when `url`, as a browser on `siteOrigin` would read it (relative, protocol-relative or absolute; dot
 * segments, backslashes and percent-encoding resolved), leads into the site's API. Another host of the same
 * name (http or https, any port, with or without www.) counts as the site.
 */
export function pointsIntoApi(url: string, siteOrigin: string): boolean {
  let resolved: URL;
  try {
    resolved = new URL(url.trim(), `${siteOrigin}/`);
  } catch {
    return false;
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return false;
  const site = new URL(siteOrigin);
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');
  if (bare(resolved.hostname) !== bare(site.hostname)) return false;
  let path = resolved.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Broken percent-encoding: judged as written.
  }
  // The router reads one slash as well as many, and any case: judge the path as it would.
  path = path.replace(/\/{2,}/g, '/');
  if (STORED_IMAGE.test(path) && !resolved.search) return false;
  const lower = path.toLowerCase();
  return API_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}
