import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DialogLoader, LoadBoundary, onDemandPart } from '../../components/on-demand';
import type { AuthTab } from './auth-card';

interface LoginModalApi {
  openLogin: (tab?: AuthTab) => void;
  closeLogin: () => void;
}

const LoginModalContext = createContext<LoginModalApi | null>(null);

// The dialog (its frame, the form and all they need) is a chunk of its own, fetched when it first
// opens, or earlier when the pointer reaches (or focus lands on) a button that opens it.
const LoginDialog = onDemandPart(async () => (await import('./login-dialog')).LoginDialog);

/** Fetches the login dialog ahead of a click (onPointerEnter / onFocus of a Login button). */
export const preloadLogin = LoginDialog.preload;

/** Holds the one login / sign-up dialog of the site, openable from anywhere. */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ opened: boolean; tab: AuthTab; key: number }>({ opened: false, tab: 'login', key: 0 });
  const openLogin = useCallback((tab: AuthTab = 'login') => setState((s) => ({ opened: true, tab, key: s.key + 1 })), []);
  const closeLogin = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  const api = useMemo(() => ({ openLogin, closeLogin }), [openLogin, closeLogin]);

  return (
    <LoginModalContext.Provider value={api}>
      {children}
      {(state.opened || LoginDialog.isLoaded()) && (
        <LoadBoundary onError={closeLogin}>
          <Suspense fallback={state.opened ? <DialogLoader onClose={closeLogin} /> : null}>
            <LoginDialog opened={state.opened} tab={state.tab} formKey={state.key} onClose={closeLogin} />
          </Suspense>
        </LoadBoundary>
      )}
    </LoginModalContext.Provider>
  );
}

export function useLoginModal(): LoginModalApi {
  const api = useContext(LoginModalContext);
  if (!api) throw new Error('useLoginModal must be used inside <LoginModalProvider>');
  return api;
}
