import { Button, Modal, Stack } from '@mantine/core';
import { afterSignIn } from '../../../shared/return-path';
import { AuthCard, type AuthTab } from './auth-card';

export interface LoginDialogProps {
  opened: boolean;
  tab: AuthTab;
  /** A fresh form on every opening. */
  formKey: number;
  onClose: () => void;
}

/**
 * The login / sign-up dialog itself: a chunk of its own, fetched when it first opens. Opened on the
 * portal or an administration page, signing in comes back to that address (tab included); elsewhere, the portal.
 */
export function LoginDialog({ opened, tab, formKey, onClose }: LoginDialogProps) {
  const { pathname, search, hash } = window.location;
  return (
    // Compound form so the dialog itself carries an accessible name (no visible title bar).
    <Modal.Root opened={opened} onClose={onClose} centered size="md">
      <Modal.Overlay />
      <Modal.Content aria-label="Login or sign up">
        <Modal.Body pt="md">
          <Stack gap="md">
            <AuthCard key={formKey} initialTab={tab} onSuccess={onClose} embedded redirectTo={afterSignIn(`${pathname}${search}${hash}`)} />
            <Button variant="default" fullWidth onClick={onClose}>
              Close
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
