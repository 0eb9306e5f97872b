import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DeskMember } from '../../../shared/entries.schema';
import { useAuth } from '../../lib/use-auth';
import { useTRPC } from '../../trpc';
import { savedDeskView, saveDeskView, type SavedDeskView } from './desk-queue';

/**
 * The desk's list: the club's answer when there is signal, kept on the device each time it comes, so that the desk
 * opened once with signal on the morning still shows its entrants, their fees and juniors' care notes without it.
 * `savedAt` is set while the list shown is the kept one. `members` (who may be signed on, with what tells them from a
 * guest) is kept with it, for Add member's check without signal.
 */
export function useDeskList(eventId: string) {
  const trpc = useTRPC();
  const { user } = useAuth();
  const query = useQuery(trpc.admin.signOn.list.queryOptions({ id: eventId }));
  const people = useQuery(trpc.admin.signOn.members.queryOptions());
  const [saved, setSaved] = useState<SavedDeskView | null>(null);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void savedDeskView(eventId, userId).then(
      (kept) => live && setSaved(kept),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [eventId, userId]);

  const fresh = query.data;
  const members: DeskMember[] | undefined = people.data ?? saved?.members;
  useEffect(() => {
    if (fresh && userId) void saveDeskView(userId, fresh, members).catch(() => undefined);
  }, [fresh, members, userId]);

  // The kept list stands in until the club answers: without signal the read waits, on one bar it takes a while.
  const kept = !fresh && saved ? saved : null;
  return { query, view: fresh ?? kept?.view ?? null, savedAt: kept?.savedAt ?? null, members: members ?? [] };
}
