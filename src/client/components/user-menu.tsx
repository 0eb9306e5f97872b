import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';

export interface UserMenuProps {
  /** The button that opens the menu (the member's first name). */
  target: ReactElement;
  /** Open at once: the button was clicked before this menu had loaded. */
  defaultOpened?: boolean;
  onProfile: () => void;
  onSettings: () => void;
  onLogout: () => void;
}

/**
 * The signed-in member's menu in the navigation bar. A chunk of its own (with the
 * floating-position code a menu needs), fetched once someone is signed in: visitors never load it.
 */
export function UserMenu({ target, defaultOpened, onProfile, onSettings, onLogout }: UserMenuProps) {
  return (
    <Menu position="bottom-end" width={180} withinPortal defaultOpened={defaultOpened} withInitialFocusPlaceholder={false}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onProfile}>Profile</Menu.Item>
        <Menu.Item onClick={onSettings}>Settings</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.9" onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
