import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SectionView } from '../../../shared/cms.schema';
import { useListDialogs } from '../../components/admin-list';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { feedback, useRefresh } from './cms-common';

/** The section moves and duplicates, each telling the admin when it fails and refreshing the list when it is done. */
function useSectionRowMutations(refresh: () => unknown) {
  const trpc = useTRPC();
  const move = useMutation(
    trpc.admin.cms.sections.move.mutationOptions({
      onSuccess: () => void refresh(),
      onError: (error) => toast.error('Failed to update section', serverMessage(error)),
    }),
  );
  const duplicate = useMutation(
    trpc.admin.cms.sections.duplicate.mutationOptions({
      onSuccess: () => {
        toast.success('Section duplicated successfully');
        void refresh();
      },
      onError: (error) => toast.error('Failed to duplicate section', serverMessage(error)),
    }),
  );
  // A row is busy while it is being moved or duplicated.
  const rowBusy = (id: string) => (move.isPending && move.variables?.id === id) || (duplicate.isPending && duplicate.variables?.id === id);
  return { move, duplicate, rowBusy };
}

/**
 * The Sections tab's state: the list and the page it is filtered by, the form and delete dialogs, the templates
 * dialog, and the create, update, delete, move and duplicate mutations.
 */
export function useSectionsList() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.cms.sections.list.queryOptions());
  const [filter, setFilter] = useState('');
  const dialogs = useListDialogs<SectionView>();
  const { close, cancelDelete } = dialogs;
  // The templates dialog, a fresh one each time it opens.
  const [templates, setTemplates] = useState<number | null>(null);
  const refresh = useRefresh(trpc.admin.cms.sections.list.queryKey());

  const create = useMutation(
    trpc.admin.cms.sections.create.mutationOptions(feedback('Section created successfully', 'Failed to create section', close, refresh)),
  );
  const update = useMutation(
    trpc.admin.cms.sections.update.mutationOptions(feedback('Section updated successfully', 'Failed to update section', close, refresh)),
  );
  const remove = useMutation(
    trpc.admin.cms.sections.delete.mutationOptions(
      feedback('Section deleted successfully', 'Failed to delete section', cancelDelete, refresh),
    ),
  );
  const { move, duplicate, rowBusy } = useSectionRowMutations(refresh);

  const sections = list.data ?? [];
  const slugs = [...new Set(sections.map((s) => s.pageSlug))].sort();
  const current = slugs.includes(filter) ? filter : '';
  const shown = current ? sections.filter((s) => s.pageSlug === current) : sections;
  return {
    list,
    setFilter,
    dialogs,
    templates,
    setTemplates,
    refresh,
    create,
    update,
    remove,
    move,
    duplicate,
    slugs,
    current,
    shown,
    rowBusy,
  };
}
