import { Button, Modal, Stack } from '@mantine/core';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { AuthCard, type AuthTab } from './auth-card';

interface LoginModalApi {
  openLogin: (tab?: AuthTab) => void;
  closeLogin: () => void;
}

const LoginModalContext = createContext<LoginModalApi | null>(null);

/** Holds the one login / sign-up dialog of the site (SPEC §2.2), openable from anywhere. */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ opened: boolean; tab: AuthTab; key: number }>({ opened: false, tab: 'login', key: 0 });
  const openLogin = useCallback((tab: AuthTab = 'login') => setState((s) => ({ opened: true, tab, key: s.key + 1 })), []);
  const closeLogin = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  const api = useMemo(() => ({ openLogin, closeLogin }), [openLogin, closeLogin]);

  return (
    <LoginModalContext.Provider value={api}>
      {children}
      {/* Compound form so the dialog itself carries an accessible name (no visible title bar). */}
      <Modal.Root opened={state.opened} onClose={closeLogin} centered size="md">
        <Modal.Overlay />
        <Modal.Content aria-label="Login or sign up">
          <Modal.Body pt="md">
            <Stack gap="md">
              <AuthCard key={state.key} initialTab={state.tab} onSuccess={closeLogin} embedded />
              <Button variant="default" fullWidth onClick={closeLogin}>
                Close
              </Button>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </LoginModalContext.Provider>
  );
}

export function useLoginModal(): LoginModalApi {
  const api = useContext(LoginModalContext);
  if (!api) throw new Error('useLoginModal must be used inside <LoginModalProvider>');
  return api;
}
