import { Button, Modal, Stack } from '@mantine/core';
import { AuthCard, type AuthTab } from './auth-card';

export interface LoginDialogProps {
  opened: boolean;
  tab: AuthTab;
  /** A fresh form on every opening. */
  formKey: number;
  onClose: () => void;
}

/** The login / sign-up dialog itself (SPEC §2.2): a chunk of its own, fetched when it first opens. */
export function LoginDialog({ opened, tab, formKey, onClose }: LoginDialogProps) {
  return (
    // Compound form so the dialog itself carries an accessible name (no visible title bar).
    <Modal.Root opened={opened} onClose={onClose} centered size="md">
      <Modal.Overlay />
      <Modal.Content aria-label="Login or sign up">
        <Modal.Body pt="md">
          <Stack gap="md">
            <AuthCard key={formKey} initialTab={tab} onSuccess={onClose} embedded />
            <Button variant="default" fullWidth onClick={onClose}>
              Close
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
