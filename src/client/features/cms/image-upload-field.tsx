import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../components/toast';
import { useTRPC } from '../../trpc';
import { useImageUpload } from '../admin/event-image-upload';

/**
 * SPEC §5/§9: one image of at most 5 MB, sent through an upload URL. When the server has stored it,
 * `onUploaded` receives its public address (a section's content, an article's featured image).
 */
export function ImageUploadField({ label, onUploaded, disabled = false }: { label: string; onUploaded: (url: string) => void; disabled?: boolean }) {
  const trpc = useTRPC();
  const finishImage = useMutation(trpc.objects.finishImage.mutationOptions());
  let uploaded = '';
  const { file, setFile, problem, progress, busy, choose, upload: send } = useImageUpload('Upload failed', async (uploadURL) => {
    uploaded = (await finishImage.mutateAsync({ uploadURL })).url;
  });
  const upload = async () => {
    if (!(await send())) return;
    onUploaded(uploaded);
    setFile(null);
    toast.success('Image uploaded successfully');
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FileInput
          label={label}
          description="One image (JPEG, PNG, WebP or GIF), at most 5 MB."
          placeholder="Choose an image"
          accept="image/*"
          value={file}
          onChange={choose}
          clearable
          disabled={disabled || busy}
          style={{ flex: '1 1 220px', minWidth: 0 }}
        />
        <Button variant="light" onClick={() => void upload()} disabled={disabled || !file || !!problem} loading={busy}>
          Upload
        </Button>
      </Group>
      {problem && (
        <Alert color="red" variant="light">
          {problem}
        </Alert>
      )}
      {progress !== null && (
        <Stack gap={4}>
          <Progress value={progress} aria-label="Upload progress" animated={busy && progress < 100} />
          <Text size="xs" c="dimmed">
            {progress < 100 ? `Uploading... ${progress}%` : busy ? 'Processing image... 100%' : 'Uploaded'}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
