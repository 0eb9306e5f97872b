import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminEventView } from '../../../shared/events.schema';
import { toast } from '../../components/toast';
import { useTRPC } from '../../trpc';

/** The dialog open over the events tab. */
export type EventsDialog =
  | { kind: 'none' }
  | { kind: 'create'; key: number }
  | { kind: 'edit'; event: AdminEventView }
  | { kind: 'image'; event: AdminEventView }
  | { kind: 'entrant'; event: AdminEventView };

function useRefreshAdminEvents() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.events.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.events.upcoming.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.overview.queryKey() }),
    ]);
}

/**
 * The events tab's state: the list, the open dialog, the event whose sign-on desk is open, and the create and update
 * mutations (each closing the form and refreshing what shows events).
 */
export function useAdminEvents() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.events.list.queryOptions());
  const refresh = useRefreshAdminEvents();
  const [dialog, setDialog] = useState<EventsDialog>({ kind: 'none' });
  // The sign-on desk of one event, also opened straight from /admin?signon=<event id> (a bookmark on the desk's phone).
  const [signOnId, setSignOnId] = useState<string | null>(() => new URLSearchParams(window.location.search).get('signon'));
  const close = () => setDialog({ kind: 'none' });

  // A refusal stays in the form: its fields marked, or the server's sentence above the buttons.
  const create = useMutation(
    trpc.admin.events.create.mutationOptions({
      onSuccess: () => {
        toast.success('Event created successfully');
        close();
        void refresh();
      },
    }),
  );
  const update = useMutation(
    trpc.admin.events.update.mutationOptions({
      onSuccess: () => {
        toast.success('Event updated successfully');
        close();
        void refresh();
      },
    }),
  );
  /** Closes a dialog whose change is done and refreshes what shows events. */
  const done = () => {
    close();
    void refresh();
  };
  return { list, dialog, setDialog, close, done, signOnId, setSignOnId, create, update };
}

export type AdminEventsState = ReturnType<typeof useAdminEvents>;
