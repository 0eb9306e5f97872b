import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { AdminEventView } from '../../../shared/events.schema';
import { toast } from '../../components/toast';
import { ImageUploadStatus } from '../../components/uploads/upload-progress';
import { useImageUpload } from '../../components/uploads/use-image-upload';
import { useTRPC } from '../../trpc';

/** The 'Upload Image' dialog body: choose, then Upload; progress while the PUT runs; then set the event image. */
export function EventImageUpload({ event, onDone }: { event: AdminEventView; onDone: () => void }) {
  const trpc = useTRPC();
  const setImage = useMutation(trpc.admin.events.setImage.mutationOptions());
  const image = useImageUpload('Failed to update event image', async (uploadURL) => {
    await setImage.mutateAsync({ id: event.id, imageUrl: uploadURL });
  });
  const { file, problem, busy } = image;
  const upload = async () => {
    if (!(await image.upload())) return;
    toast.success('Event image uploaded successfully');
    onDone();
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        One image (JPEG, PNG, WebP or GIF), at most 5 MB. It replaces the current image of “{event.name}”.
      </Text>
      <FileInput
        label="Event image"
        placeholder="Choose an image"
        accept="image/*"
        value={file}
        onChange={image.choose}
        clearable
        disabled={busy}
      />
      <ImageUploadStatus upload={image} doneText="100%" />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void upload()} disabled={!file || !!problem} loading={busy}>
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
