import { matchRoute, ROUTES } from './screens';

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

/** The areas that ask a visitor to sign in (the portal and the administration, any tab). */
const SIGNED_IN_AREAS = new Set<string>([ROUTES.member, ROUTES.admin, ROUTES.adminCms]);

/**
 * Where signing in from a page leads (a password at once, an e-mailed link through its `next`): back to the same
 * address, its search included, when that is the portal or the administration ('/admin?tab=payments'), which asked
 * for it; the portal from anywhere else.
 */
export function afterSignIn(href: string): string {
  const back = safeReturnPath(href);
  if (!back) return ROUTES.member;
  const { pathname } = new URL(back, 'https://club.invalid');
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SIGNED_IN_AREAS.has(path.toLowerCase()) ? back : ROUTES.member;
}
