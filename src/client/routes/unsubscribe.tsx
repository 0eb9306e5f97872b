import { useSearch } from '@tanstack/react-router';
import { UnsubscribeCard } from '../features/newsletters/unsubscribe-card';

/**
 * Where a newsletter's 'Unsubscribe' link lands. Opening it changes nothing (mail scanners open links): the page
 * says which address and asks; the button unsubscribes, and another undoes it.
 */
export function UnsubscribePage() {
  const search = useSearch({ strict: false }) as { token?: string };
  return <UnsubscribeCard token={search.token?.trim() || undefined} />;
}
