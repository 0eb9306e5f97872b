import { Alert, Button, Center, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatClubDateTime } from '../../../shared/dates';
import type { DeskEntrant } from '../../../shared/entries.schema';
import { SectionLoader } from '../../components/full-screen-loader';
import { QrCode } from '../../components/qr-code';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** Whether the desk offers a guest's catch link: a guest with no e-mail address (who gets no link by mail), paid up. */
export const offersCatchLink = (entrant: DeskEntrant) =>
  entrant.kind === 'guest' && !entrant.email && (entrant.paymentState === 'paid' || entrant.paymentState === 'free');

/**
 * A walk-up guest's single-use catch link as a QR code for their phone to scan at the desk: it signs them in to log
 * catches in this event. Opening it again shows the same link (also the one on the printed sheet) until it is used or
 * lapses; then a new one is made.
 */
export function CatchLinkDialog({ entrant, onClose }: { entrant: DeskEntrant | null; onClose: () => void }) {
  const trpc = useTRPC();
  const link = useMutation(trpc.admin.signOn.catchLink.mutationOptions());
  const registrationId = entrant?.registrationId;
  const { mutate, reset } = link;
  useEffect(() => {
    if (registrationId) mutate({ registrationId });
    else reset();
  }, [registrationId, mutate, reset]);

  return (
    <Modal opened={entrant !== null} onClose={onClose} title={entrant ? `Catch link for ${entrant.name}` : 'Catch link'}>
      {link.isPending && <SectionLoader label="Getting the link..." />}
      {link.error && <Alert color="red">{serverMessage(link.error) ?? 'No link was made. Please try again.'}</Alert>}
      {link.data && entrant && (
        <Stack gap="sm" align="stretch">
          <Text size="sm">
            {entrant.name.split(' ')[0]} scans this with their phone&apos;s camera: it signs them in to log their catches. It works once,
            until {formatClubDateTime(link.data.expires)}.
          </Text>
          <Center>
            <QrCode value={link.data.url} size={240} label={`Catch link for ${entrant.name}`} />
          </Center>
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" mih={44} onClick={onClose}>
          Done
        </Button>
      </Group>
    </Modal>
  );
}
