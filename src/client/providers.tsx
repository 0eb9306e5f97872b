import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { Toasts } from './components/toasts';
import { LoginModalProvider } from './features/auth/login-modal';
import { ChatProvider } from './components/chat-provider';
import { JoinDialogProvider } from './features/membership/join-dialog-provider';
import { DrawnAt } from './lib/clock';
import { useClub } from './lib/club-profile';
import type { createAppRouter } from './router';
import { clubTheme, cssVariablesResolver } from './theme';
import { TRPCProvider, type TrpcClient } from './trpc';

export interface AppProvidersProps {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  /** 'test' turns off Mantine transitions and portals (jsdom). */
  env?: 'default' | 'test';
  children: ReactNode;
}

/**
 * Everything a screen needs around it: the theme in the club's colours (drawn again when the committee saves new
 * ones), toasts, query cache, typed API, login dialog.
 */
export function AppProviders({ queryClient, trpcClient, env = 'default', children }: AppProvidersProps) {
  const { colours } = useClub();
  return (
    <MantineProvider theme={clubTheme(colours)} cssVariablesResolver={cssVariablesResolver} env={env}>
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <LoginModalProvider>
            <JoinDialogProvider>
              <ChatProvider>{children}</ChatProvider>
            </JoinDialogProvider>
          </LoginModalProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * The whole app, as the browser starts it and as the server draws a first screen: the providers around the router,
 * and when the first screen was drawn on the server (none when the app draws it itself).
 */
export function App(props: {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  router: ReturnType<typeof createAppRouter>;
  drawnAt?: number;
}) {
  return (
    <StrictMode>
      <DrawnAt value={props.drawnAt}>
        <AppProviders queryClient={props.queryClient} trpcClient={props.trpcClient}>
          <RouterProvider router={props.router} />
        </AppProviders>
      </DrawnAt>
    </StrictMode>
  );
}
