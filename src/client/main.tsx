// Mantine's base styles; each component's own come with it (the mantineStylesPerComponent plugin in vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchFirstScreen } from './first-screen';
import { keepQueriesOnDevice } from './offline/query-persistence';
import { reloadIfUpdated } from './offline/register-service-worker';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { createQueryClient, createTrpcClient } from './trpc';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const router = createAppRouter();
keepQueriesOnDevice(queryClient);
prefetchFirstScreen(queryClient, trpcClient, window.location.pathname);
router.subscribe('onResolved', reloadIfUpdated);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
