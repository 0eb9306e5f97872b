import { Link } from '@tanstack/react-router';

/** A screen of the app, or a content page the committee put in the menu (Settings → Menu and footer). */
export type NavItem =
  { label: string; to: '/public' | '/member' | '/sponsor' | '/admin' } | { label: string; to: '/pages/$slug'; params: { slug: string } };

/** A navigation item's key among its siblings. */
export const navKey = (item: NavItem) => ('params' in item ? `/pages/${item.params.slug}` : item.to);

/** The link of a navigation item (a Mantine component's root), marked as the current page while it is shown. */
export function NavItemLink({ item, ...props }: { item: NavItem } & Record<string, unknown>) {
  const active = { 'data-active': true, 'aria-current': 'page' } as const;
  if ('params' in item) return <Link {...props} to="/pages/$slug" params={item.params} activeProps={active} />;
  return <Link {...props} to={item.to} activeProps={active} />;
}
