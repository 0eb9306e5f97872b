import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { NewsletterSummary, NewsletterView } from '../../../shared/newsletters.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

export type Open = { kind: 'none' } | { kind: 'compose'; newsletter: NewsletterView | null } | { kind: 'view'; id: string };

/** The newsletters tab's state: the list, what is open, the draft being deleted. */
export function useNewslettersTab(openId: string | undefined, onOpened: (() => void) | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery({
    ...trpc.admin.newsletters.list.queryOptions(),
    // While one is sending, its figures move on by themselves.
    refetchInterval: (q) => (q.state.data?.some((n) => n.status === 'sending') ? 3000 : false),
  });
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [deleting, setDeleting] = useState<NewsletterSummary | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.newsletters.list.queryKey() });
  const remove = useMutation(
    trpc.admin.newsletters.remove.mutationOptions({
      onSuccess: async () => {
        toast.success('Draft deleted');
        setDeleting(null);
        await refresh();
      },
      onError: (error) => toast.error('The draft was not deleted', serverMessage(error)),
    }),
  );

  const edit = async (id: string) => {
    try {
      const newsletter = await queryClient.fetchQuery(trpc.admin.newsletters.get.queryOptions({ id }));
      setOpen(newsletter.status === 'draft' ? { kind: 'compose', newsletter } : { kind: 'view', id });
    } catch (error) {
      toast.error('Could not open the newsletter', serverMessage(error));
    }
  };
  // A draft made from a news article opens at once.
  const edited = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!openId || edited.current === openId) return;
    edited.current = openId;
    void edit(openId).then(() => onOpened?.());
  });

  return { list, open, setOpen, deleting, setDeleting, remove, edit };
}
