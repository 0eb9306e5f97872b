import { Center } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../components/query-state';
import { FirstAdminForm } from '../features/club-settings/first-admin-form';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './not-found';

/** First-run setup: open only while the club has no administrator; afterwards the not-found page (and a 404). */
export function SetupPage() {
  const status = useQuery(useTRPC().setup.status.queryOptions());
  return (
    <QueryState query={status} loading="Loading..." failure="Could not load the setup page.">
      {({ open }) =>
        open ? (
          <Center p="md">
            <FirstAdminForm />
          </Center>
        ) : (
          <NotFoundPage />
        )
      }
    </QueryState>
  );
}
