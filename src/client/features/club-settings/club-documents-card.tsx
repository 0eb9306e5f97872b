import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { saveClubDocumentsInput } from '../../../shared/club-documents.schema';
import { CLUB_DOCUMENT_IDS, documentsEdit, type ClubDocumentsEdit } from '../../../shared/documents';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { setClubDocuments, useClubDocuments } from '../../lib/club-documents';
import { useTRPC } from '../../trpc';
import { ClubDocumentsFields } from './club-documents-fields';
import { documentsField } from './club-documents-values';
import { withoutMessages } from './competition-rules-values';
import { SettingsCard } from './settings-card';
import { useCardSave } from './use-card-save';

interface DocumentsValues {
  documents: ClubDocumentsEdit;
}

/**
 * Admin → Club settings' documents: the waiver, code of conduct, competition rules and mission, in the club's words.
 * A save is audited; a document whose title or words changed gets a new version, which members are asked to accept
 * before they next pay.
 */
export function ClubDocumentsCard() {
  const trpc = useTRPC();
  const documents = useClubDocuments();
  const form = useSchemaForm<typeof saveClubDocumentsInput, DocumentsValues, string>({
    schema: saveClubDocumentsInput,
    initialValues: () => ({ documents: documentsEdit(documents) }),
    toInput: (values) => values,
    fieldOf: documentsField,
  });
  const save = useMutation(
    trpc.admin.club.saveDocuments.mutationOptions(
      useCardSave({
        form,
        store: setClubDocuments,
        values: (saved) => ({ documents: documentsEdit(saved) }),
        queryKey: trpc.club.documents.queryKey(),
        saved: (saved) => {
          const changed = CLUB_DOCUMENT_IDS.filter((id) => saved[id].version !== documents[id].version).length;
          return [
            'Club documents saved',
            changed
              ? `${changed === 1 ? 'One document has' : `${changed} documents have`} a new version: members are asked to accept it before they next pay.`
              : 'No document’s words changed: members accept them at the same versions.',
          ];
        },
        failure: 'Could not save the club documents',
      }),
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (input) save.mutate(input);
  };

  return (
    <SettingsCard
      id="club-documents-title"
      title="Club documents"
      intro="The waiver, code of conduct, competition rules and mission members read and accept when they join. Changing a document's title or words makes a new version, and members are asked to accept it again before they next pay."
      saveLabel="Save club documents"
      saving={save.isPending}
      dirty={form.dirty}
      formError={form.formError}
      onSubmit={submit}
    >
      <ClubDocumentsFields
        values={form.values.documents}
        errors={form.errors}
        versions={Object.fromEntries(CLUB_DOCUMENT_IDS.map((id) => [id, documents[id].version]))}
        onChange={(values, field) => {
          form.setValues({ documents: values });
          form.setErrors((errors) => withoutMessages(errors, field));
        }}
      />
    </SettingsCard>
  );
}
