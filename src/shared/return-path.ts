import { matchRoute, ROUTES } from './routes';

/** Where a page may send someone back to after signing in: never the sign-in and sign-out pages themselves. */
const NOT_AFTER_SIGN_IN = new Set<string>([ROUTES.signIn, ROUTES.signOut]);

/**
 * A page of this site to come back to after signing in ('/admin?tab=sponsors'), or undefined: only a path on this
 * origin that names one of the app's pages is kept, so a link carrying `next=//evil.example` or
 * `next=https://evil.example` can never send anyone off the site.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 500) return undefined;
  // '//host' and '/\host' are other origins to a browser; control characters have no place in a path.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || [...value].some((c) => c < ' ' || c === '\u007f'))
    return undefined;
  let url: URL;
  try {
    url = new URL(value, 'https://club.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'https://club.invalid') return undefined;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (matchRoute(path).kind === 'none' || NOT_AFTER_SIGN_IN.has(path.toLowerCase())) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
