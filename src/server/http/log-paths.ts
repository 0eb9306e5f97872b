/**
 * A request's path as the log may hold it: query strings are dropped (links carry tokens there), and the two paths
 * that carry a member's secret in the path itself, a membership card's `/verify/<code>` and a calendar address's
 * `/api/calendar/<token>.ics`, keep their shape but not the secret.
 */
export function loggablePath(url: string): string {
  return url
    .split('?')[0]
    .replace(/^\/verify\/[^/]+/i, '/verify/…')
    .replace(/^\/api\/calendar\/[^/]+/i, '/api/calendar/….ics');
}
