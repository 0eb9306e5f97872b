import { Button, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import type { CurrentUser } from '../../shared/auth.schema';
import { preloadLogin } from '../features/auth/login-modal';
import { useClub } from '../lib/club-profile';
import { displayFirstName } from '../lib/use-auth';
import { navKey, NavItemLink, type NavItem } from './nav-items';

export interface NavDrawerProps {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
  /** The width from which the bar shows the menu itself (the drawer is for narrower screens). */
  hiddenFrom: 'sm' | 'md';
  user: CurrentUser | null;
  onLogin: () => void;
  onProfile: () => void;
  onSettings: () => void;
  onLogout: () => void;
}

/** The phone navigation: a chunk of its own, fetched when the menu button is first used. */
export function NavDrawer({ opened, onClose, items, hiddenFrom, user, onLogin, onProfile, onSettings, onLogout }: NavDrawerProps) {
  const club = useClub();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title={club.shortName}
      hiddenFrom={hiddenFrom}
      // Gone at once when an item is chosen, so only the dialog it opens is on screen.
      transitionProps={{ exitDuration: 0 }}
    >
      <Stack gap={4} component="nav" aria-label="Main">
        {items.map((item) => (
          <NavLink key={navKey(item)} label={item.label} renderRoot={(props) => <NavItemLink item={item} {...props} />} onClick={onClose} />
        ))}
      </Stack>
      <Divider my="md" />
      {user ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Signed in as {displayFirstName(user)}
          </Text>
          <Button variant="default" onClick={() => (onClose(), onProfile())}>
            Profile
          </Button>
          <Button variant="default" onClick={() => (onClose(), onSettings())}>
            Settings
          </Button>
          <Button color="red" variant="light" onClick={onLogout}>
            Logout
          </Button>
        </Stack>
      ) : (
        <Button fullWidth onClick={() => (onClose(), onLogin())} onPointerEnter={preloadLogin} onFocus={preloadLogin}>
          Login
        </Button>
      )}
    </Drawer>
  );
}
