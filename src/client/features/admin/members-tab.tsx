import { Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { GuardedModal } from '../../components/guarded-modal';
import { LiftSuspensionDialog } from './fair-play-dialogs';
import { MemberEditForm } from './member-edit-form';
import { MembersFilters } from './members-filters';
import { MembersTable } from './members-table';
import { PagedList } from './paged-list';
import { useMembersList } from './use-members-list';

export { exportNote, memberExportUrl } from './members-filter';

const FAILURE = 'Could not load the members. Please try again later.';

/** The members tab: server-side search, filters, sorting and pages; Edit and Export CSV. */
export function AdminMembersTab() {
  const phone = useMediaQuery('(max-width: 48em)');
  const state = useMembersList();
  const { list, setPage, headers, editing, setEditing, lifting, setLifting } = state;
  return (
    <Stack gap="md">
      <MembersFilters state={state} />

      <PagedList
        list={list}
        loading="Loading members..."
        failure={FAILURE}
        empty="No members found."
        pagesLabel="Member pages"
        onPage={setPage}
      >
        {(data) => <MembersTable rows={data.rows} headers={headers} onEdit={setEditing} onLift={setLifting} />}
      </PagedList>

      <GuardedModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Edit ${editing.firstName} ${editing.lastName}` : 'Edit member'}
        size="lg"
        fullScreen={phone}
      >
        {editing && <MemberEditForm key={editing.id} member={editing} onDone={() => setEditing(null)} />}
      </GuardedModal>
      {lifting?.suspension && (
        <LiftSuspensionDialog
          member={{ id: lifting.id, name: `${lifting.firstName} ${lifting.lastName}`, until: lifting.suspension.until }}
          onClose={() => setLifting(null)}
        />
      )}
    </Stack>
  );
}
