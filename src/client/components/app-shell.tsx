import { Anchor, Box, Burger, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { regionLine } from '../../shared/club-profile-plain';
import { isFullScreenPage } from '../../shared/screens';
import { preloadLogin, useLoginModal } from '../features/auth/login-modal';
import { useBrowserValue } from '../lib/browser-value';
import { awayFromClub } from '../lib/club-address';
import { useClub } from '../lib/club-profile';
import { displayFirstName, useAuth } from '../lib/use-auth';
import { ChatWidget } from '../features/chat/chat-widget';
import { useSiteSettings } from '../features/public-content/use-site-settings';
import { forgetDeviceLists, forgetSavedQueries } from '../offline/query-persistence';
import { FullScreenLoader } from './full-screen-loader';
import { ToastSlot } from './toasts';
import { navKey, NavItemLink, type NavItem } from './nav-items';
import { ChevronDown, ClubMark } from './logo';
import { DialogLoader, LoadBoundary, onDemandPart, useAfterFirstPaint } from './on-demand';

// The account menu, the settings dialog and the phone drawer (for members, or on phones only) are
// chunks of their own, fetched on first use: a visitor's first view carries none of them.
const UserMenu = onDemandPart(async () => (await import('./user-menu')).UserMenu);
const NavDrawer = onDemandPart(async () => (await import('./nav-drawer')).NavDrawer);
const SettingsModal = onDemandPart(async () => (await import('../features/auth/settings-modal')).SettingsModal);
// Offline field mode (service worker, queued catches and their count) is for signed-in members only.
const FieldMode = onDemandPart(async () => (await import('../features/catches/field-mode')).FieldMode);
// Only for a page opened away from the club's address.
const ClubAddressNotice = onDemandPart(async () => (await import('./club-address-notice')).ClubAddressNotice);

function useNavItems(): NavItem[] {
  const { isAuthenticated, isAdmin } = useAuth();
  // Folded into the settings the frame loads anyway: the menu costs no request of its own.
  const { menu } = useSiteSettings();
  return [
    { label: 'Home', to: '/public' },
    ...menu.map((page) => ({ label: page.title, to: '/pages/$slug' as const, params: { slug: page.slug } })),
    ...(isAuthenticated ? [{ label: 'Member Portal', to: '/member' } as const] : []),
    { label: 'Sponsors', to: '/sponsor' },
    ...(isAdmin ? [{ label: 'Admin', to: '/admin' } as const] : []),
  ];
}

export function logout() {
  forgetSavedQueries({ leaving: true });
  void forgetDeviceLists().finally(() => {
    window.location.href = '/api/logout';
  });
}

/** The page frame: navigation bar, the screen, a footer. Spinner while auth loads. */
export function AppLayout() {
  const { isLoading } = useAuth();
  const fullScreen = useRouterState({ select: (state) => isFullScreenPage(state.location.pathname) });
  if (isLoading) return <FullScreenLoader />;
  // A projector shows the page alone: no navigation, footer or assistant.
  if (fullScreen)
    return (
      <Box component="main" id="main">
        <Outlet />
      </Box>
    );
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column', overflowX: 'clip' }}>
      <SkipLink />
      <NavBar />
      {/* At least a screen high: the footer starts below the fold, so content arriving above it moves nothing in view. */}
      <Box component="main" id="main" tabIndex={-1} mih="100dvh" style={{ flex: 1, outline: 'none' }}>
        <AddressNotice />
        <Outlet />
      </Box>
      <Footer />
      <ChatWidget />
    </Box>
  );
}

/** Where the club's site is, on a page opened at another address (nothing at the club's own). */
function AddressNotice() {
  // Nothing on the server, which draws the page for the club's own address.
  const away = useBrowserValue(awayFromClub, null);
  if (!away) return null;
  return (
    <LoadBoundary onError={() => undefined}>
      <Suspense fallback={null}>
        <ClubAddressNotice away={away} />
      </Suspense>
    </LoadBoundary>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The first Tab stop on every page: jumps past the navigation to the screen itself. Seen only while focused. */
function SkipLink() {
  const [focused, setFocused] = useState(false);
  return (
    <Anchor
      href="#main"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        // Focus, not the address: the router owns the URL, and the next Tab should start inside the screen.
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
      fw={600}
      style={
        focused
          ? {
              position: 'fixed',
              top: 8,
              left: 8,
              zIndex: 1000,
              padding: '8px 12px',
              background: 'var(--mantine-color-body)',
              borderRadius: 'var(--mantine-radius-md)',
              boxShadow: 'var(--mantine-shadow-md)',
            }
          : VISUALLY_HIDDEN
      }
    >
      Skip to main content
    </Anchor>
  );
}

/**
 * Whatever the page brings into view (a link to a section, a field taking the focus) lands below the sticky header,
 * however tall it is now (a toast in it, the field-mode bar): the page's scroll padding follows its height.
 */
function useScrollRoomUnder() {
  return useCallback((header: HTMLElement | null) => {
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      document.documentElement.style.scrollPaddingTop = `${header.getBoundingClientRect().height + 12}px`;
    });
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
}

/** The bar's state: the phone drawer, the open dialog, clicks on the account button before its menu loaded. */
function useNavBar() {
  const { openLogin } = useLoginModal();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [dialog, setDialog] = useState<'settings' | null>(null);
  // The account button was clicked before its menu had loaded: the menu opens as soon as it has
  // (each click also retries a fetch that failed).
  const [menuRequest, setMenuRequest] = useState(0);
  const navigate = useNavigate();
  // The member's profile lives in the portal's Profile tab.
  const openProfile = () => void navigate({ to: '/member', search: { tab: 'profile' } as never });
  return { openLogin, drawerOpened, drawer, dialog, setDialog, menuRequest, setMenuRequest, openProfile };
}

type NavBarState = ReturnType<typeof useNavBar>;

/** The club's mark and name, leading home. */
function ClubHomeLink() {
  const club = useClub();
  return (
    <Anchor component={Link} to="/" underline="never" c="inherit" style={{ minWidth: 0 }} aria-label={`${club.name} home`}>
      <Group gap="xs" wrap="nowrap">
        <ClubMark logoUrl={club.logoUrl} />
        <Text fw={700} c="blue.9" truncate>
          {club.name}
        </Text>
      </Group>
    </Anchor>
  );
}

/** The navigation in a row on a wide screen: the pages, then the account button or 'Login'. */
function MainNav({ items, wide, state }: { items: NavItem[]; wide: 'sm' | 'md'; state: NavBarState }) {
  const { user } = useAuth();
  return (
    <Group gap={4} wrap="nowrap" visibleFrom={wide} component="nav" aria-label="Main">
      {items.map((item) => (
        <Button key={navKey(item)} variant="subtle" size="sm" renderRoot={(props) => <NavItemLink item={item} {...props} />}>
          {item.label}
        </Button>
      ))}
      {user ? (
        <AccountMenu
          name={displayFirstName(user)}
          requested={state.menuRequest}
          onRequest={() => state.setMenuRequest((n) => n + 1)}
          onProfile={state.openProfile}
          onSettings={() => state.setDialog('settings')}
        />
      ) : (
        <Button size="sm" onClick={() => state.openLogin('login')} onPointerEnter={preloadLogin} onFocus={preloadLogin}>
          Login
        </Button>
      )}
    </Group>
  );
}

/** The phone drawer and the settings dialog, each fetched the first time it opens. */
function NavBarDialogs({ items, wide, state }: { items: NavItem[]; wide: 'sm' | 'md'; state: NavBarState }) {
  const { user } = useAuth();
  const { drawerOpened, drawer, dialog, setDialog } = state;
  return (
    <>
      {(drawerOpened || NavDrawer.isLoaded()) && (
        <LoadBoundary onError={drawer.close}>
          <Suspense fallback={null}>
            <NavDrawer
              opened={drawerOpened}
              onClose={drawer.close}
              hiddenFrom={wide}
              items={items}
              user={user}
              onLogin={() => state.openLogin('login')}
              onProfile={state.openProfile}
              onSettings={() => setDialog('settings')}
              onLogout={logout}
            />
          </Suspense>
        </LoadBoundary>
      )}

      {user && (dialog === 'settings' || SettingsModal.isLoaded()) && (
        <LoadBoundary onError={() => setDialog(null)}>
          <Suspense fallback={dialog === 'settings' ? <DialogLoader onClose={() => setDialog(null)} /> : null}>
            <SettingsModal user={user} opened={dialog === 'settings'} onClose={() => setDialog(null)} />
          </Suspense>
        </LoadBoundary>
      )}
    </>
  );
}

function NavBar() {
  const { user } = useAuth();
  const items = useNavItems();
  // With content pages in the menu the bar needs a wider screen to fit in a row; narrower ones get the drawer.
  const wide = items.some((item) => 'params' in item) ? 'md' : 'sm';
  const state = useNavBar();
  const afterFirstPaint = useAfterFirstPaint();
  const header = useScrollRoomUnder();

  return (
    <Box
      component="header"
      ref={header}
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-body)',
        position: 'sticky',
        top: 0,
        zIndex: 100,
      }}
    >
      <Container size="lg" h={60}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <ClubHomeLink />
          <MainNav items={items} wide={wide} state={state} />

          {user && afterFirstPaint && (
            <LoadBoundary onError={() => undefined} fallback={null}>
              <Suspense fallback={null}>
                <FieldMode userId={user.id} />
              </Suspense>
            </LoadBoundary>
          )}

          <Burger
            hiddenFrom={wide}
            opened={state.drawerOpened}
            onClick={state.drawer.toggle}
            onPointerEnter={NavDrawer.preload}
            onFocus={NavDrawer.preload}
            aria-label="Open menu"
            size="sm"
            // The bars stay small; the button around them is a 44 px target for a thumb.
            w={44}
            h={44}
          />
        </Group>
      </Container>
      <ToastSlot />
      <NavBarDialogs items={items} wide={wide} state={state} />
    </Box>
  );
}

interface AccountMenuProps {
  name: string;
  /** How many times the button was clicked before its menu had loaded. */
  requested: number;
  onRequest: () => void;
  onProfile: () => void;
  onSettings: () => void;
}

/** The member's account button; its menu is fetched once someone is signed in (visitors never load it). */
function AccountMenu({ name, requested, onRequest, onProfile, onSettings }: AccountMenuProps) {
  const afterFirstPaint = useAfterFirstPaint();
  const button = (onClick?: () => void) => (
    <Button variant="light" size="sm" rightSection={<ChevronDown />} onClick={onClick}>
      {name}
    </Button>
  );
  // A click before the menu is fetched counts as a request: it opens as soon as it has loaded.
  if (!afterFirstPaint && requested === 0) return button(onRequest);
  return (
    <LoadBoundary key={requested} onError={() => undefined} fallback={button(onRequest)}>
      <Suspense fallback={button(onRequest)}>
        <UserMenu target={button()} defaultOpened={requested > 0} onProfile={onProfile} onSettings={onSettings} onLogout={logout} />
      </Suspense>
    </LoadBoundary>
  );
}

/** The footer: site title and contact e-mail from the settings (the club's own until they load, or if they fail). */
function Footer() {
  const { siteTitle, contactEmail, footer } = useSiteSettings();
  const club = useClub();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The browser tab shows the site title; content pages set their own ('Page · Site').
  useEffect(() => {
    if (!pathname.startsWith('/pages/')) document.title = siteTitle;
  }, [siteTitle, pathname]);
  return (
    <Box
      component="footer"
      py="lg"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }}
    >
      <Container size="lg">
        <Stack gap={4} align="center" ta="center">
          {footer.length > 0 && (
            <Group component="nav" aria-label="Footer" justify="center" gap={4} mb={4}>
              {footer.map((page) => (
                <Anchor
                  key={page.slug}
                  renderRoot={(props) => <Link {...props} to="/pages/$slug" params={{ slug: page.slug }} />}
                  size="sm"
                  px="xs"
                  mih={44}
                  style={{ display: 'inline-flex', alignItems: 'center' }}
                >
                  {page.title}
                </Anchor>
              ))}
            </Group>
          )}
          <Text size="sm" c="dimmed">
            {/* The region once the club's profile is known (a page served without it asks for it). */}
            {club.area ? `${siteTitle} · ${regionLine(club)}` : siteTitle}
          </Text>
          <Text size="sm" c="dimmed">
            Contact us:{' '}
            <Anchor href={`mailto:${contactEmail}`} inherit style={{ overflowWrap: 'anywhere' }}>
              {contactEmail}
            </Anchor>
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
