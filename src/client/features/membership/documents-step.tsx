import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { acceptedVersions, requiredDocuments } from '../../../shared/documents';
import { ClubDocuments } from '../../components/club-documents';
import { useClubDocuments } from '../../lib/club-documents';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/**
 * Before a membership is paid, its adult accepts the club documents in force (a registration that came without
 * them, or a document with a new version): the payment dialog shows this first. `missing` are the documents' ids.
 */
export function DocumentsStep({ missing, onAccepted }: { missing: string[]; onAccepted: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const documents = useClubDocuments();
  const [accepted, setAccepted] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(requiredDocuments(documents).map((d) => [d.id, !missing.includes(d.id)])),
  );
  const accept = useMutation(
    trpc.members.acceptDocuments.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.members.profile.queryKey() });
        onAccepted();
      },
    }),
  );
  const all = requiredDocuments(documents).every((d) => accepted[d.id]);
  return (
    <Stack gap="md">
      <Text>Before your membership can be paid, please read and accept each of the club documents.</Text>
      <ClubDocuments registration accepted={accepted} onToggle={(id) => setAccepted((was) => ({ ...was, [id]: !was[id] }))} />
      {accept.error && <Alert color="red">{serverMessage(accept.error) ?? 'Could not record your acceptance. Please try again.'}</Alert>}
      <Button
        size="md"
        disabled={!all}
        loading={accept.isPending}
        onClick={() => accept.mutate({ documentsAccepted: acceptedVersions(documents) })}
      >
        Accept and continue to payment
      </Button>
    </Stack>
  );
}
