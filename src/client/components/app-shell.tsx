import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, Menu, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CLUB } from '../../shared/club';
import { useLoginModal } from '../features/auth/login-modal';
import { SettingsModal } from '../features/auth/settings-modal';
import { displayFirstName, useAuth } from '../features/auth/use-auth';
import { ChatWidget } from '../features/chat/chat-widget';
import { useSiteSettings } from '../features/public-content/use-site-settings';
import { FullScreenLoader } from './full-screen-loader';
import { ChevronDown, ClubMark } from './logo';

interface NavItem {
  label: string;
  to: '/public' | '/member' | '/sponsor' | '/admin';
}

function useNavItems(): NavItem[] {
  const { isAuthenticated, isAdmin } = useAuth();
  return [
    { label: 'Home', to: '/public' },
    ...(isAuthenticated ? [{ label: 'Member Portal', to: '/member' } as const] : []),
    { label: 'Sponsors', to: '/sponsor' },
    ...(isAdmin ? [{ label: 'Admin', to: '/admin' } as const] : []),
  ];
}

export function logout() {
  window.location.href = '/api/logout';
}

/** The page frame: navigation bar (SPEC §2.2), the screen, a footer. Spinner while auth loads. */
export function AppLayout() {
  const { isLoading } = useAuth();
  if (isLoading) return <FullScreenLoader />;
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column', overflowX: 'clip' }}>
      <NavBar />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
      <ChatWidget />
    </Box>
  );
}

function NavBar() {
  const { user } = useAuth();
  const items = useNavItems();
  const { openLogin } = useLoginModal();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [dialog, setDialog] = useState<'settings' | null>(null);
  const navigate = useNavigate();
  // The member's profile lives in the portal's Profile tab (SPEC §2.9).
  const openProfile = () => void navigate({ to: '/member', search: { tab: 'profile' } as never });

  return (
    <Box
      component="header"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-body)', position: 'sticky', top: 0, zIndex: 100 }}
    >
      <Container size="lg" h={60}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Anchor component={Link} to="/" underline="never" c="inherit" style={{ minWidth: 0 }} aria-label={`${CLUB.name} home`}>
            <Group gap="xs" wrap="nowrap">
              <ClubMark />
              <Text fw={700} c="blue.9" truncate>
                {CLUB.name}
              </Text>
            </Group>
          </Anchor>

          <Group gap={4} wrap="nowrap" visibleFrom="sm" component="nav" aria-label="Main">
            {items.map((item) => (
              <Button key={item.to} component={Link} to={item.to} variant="subtle" size="sm" activeProps={{ 'data-active': true, 'aria-current': 'page' }}>
                {item.label}
              </Button>
            ))}
            {user ? (
              <Menu position="bottom-end" width={180} withinPortal>
                <Menu.Target>
                  <Button variant="light" size="sm" rightSection={<ChevronDown />}>
                    {displayFirstName(user)}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={openProfile}>Profile</Menu.Item>
                  <Menu.Item onClick={() => setDialog('settings')}>Settings</Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" onClick={logout}>
                    Logout
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : (
              <Button size="sm" onClick={() => openLogin('login')}>
                Login
              </Button>
            )}
          </Group>

          <Burger hiddenFrom="sm" opened={drawerOpened} onClick={drawer.toggle} aria-label="Open menu" size="sm" />
        </Group>
      </Container>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        position="right"
        size="xs"
        title={CLUB.shortName}
        hiddenFrom="sm"
        // Gone at once when an item is chosen, so only the dialog it opens is on screen.
        transitionProps={{ exitDuration: 0 }}
      >
        <Stack gap={4} component="nav" aria-label="Main">
          {items.map((item) => (
            <NavLink key={item.to} component={Link} to={item.to} label={item.label} onClick={drawer.close} />
          ))}
        </Stack>
        <Divider my="md" />
        {user ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              Signed in as {displayFirstName(user)}
            </Text>
            <Button variant="default" onClick={() => (drawer.close(), openProfile())}>
              Profile
            </Button>
            <Button variant="default" onClick={() => (drawer.close(), setDialog('settings'))}>
              Settings
            </Button>
            <Button color="red" variant="light" onClick={logout}>
              Logout
            </Button>
          </Stack>
        ) : (
          <Button fullWidth onClick={() => (drawer.close(), openLogin('login'))}>
            Login
          </Button>
        )}
      </Drawer>

      {user && (
        <>
          <SettingsModal user={user} opened={dialog === 'settings'} onClose={() => setDialog(null)} />
        </>
      )}
    </Box>
  );
}

/** The footer: site title and contact e-mail from the settings (the club's own until they load, or if they fail). */
function Footer() {
  const { siteTitle, contactEmail } = useSiteSettings();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The browser tab shows the site title; content pages set their own ('Page · Site').
  useEffect(() => {
    if (!pathname.startsWith('/pages/')) document.title = siteTitle;
  }, [siteTitle, pathname]);
  return (
    <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }}>
      <Container size="lg">
        <Stack gap={4} align="center" ta="center">
          <Text size="sm" c="dimmed">
            {siteTitle} · {CLUB.region}
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
