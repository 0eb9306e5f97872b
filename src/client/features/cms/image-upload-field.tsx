import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { imageProblem, putFile } from '../admin/event-image-upload';

/**
 * SPEC §5/§9: one image of at most 5 MB, sent through an upload URL. When the server has stored it,
 * `onUploaded` receives its public address (a section's content, an article's featured image).
 */
export function ImageUploadField({ label, onUploaded, disabled = false }: { label: string; onUploaded: (url: string) => void; disabled?: boolean }) {
  const trpc = useTRPC();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const createUpload = useMutation(trpc.objects.createUpload.mutationOptions());
  const finishImage = useMutation(trpc.objects.finishImage.mutationOptions());

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProgress(null);
    setProblem(chosen ? imageProblem(chosen) : null);
  };

  const upload = async () => {
    if (!file || imageProblem(file)) return;
    setBusy(true);
    try {
      let uploadURL: string | undefined;
      try {
        uploadURL = (await createUpload.mutateAsync()).uploadURL;
      } catch (error) {
        toast.error('Failed to get upload URL', serverMessage(error));
        return;
      }
      if (!uploadURL) {
        toast.error('Failed to get upload URL', 'No upload URL received from server');
        return;
      }
      setProgress(0);
      try {
        await putFile(uploadURL, file, setProgress);
      } catch (error) {
        setProgress(null);
        toast.error('Upload failed', error instanceof Error ? error.message : undefined);
        return;
      }
      setProgress(100);
      let url: string;
      try {
        url = (await finishImage.mutateAsync({ uploadURL })).url;
      } catch (error) {
        setProgress(null);
        toast.error('Upload failed', serverMessage(error));
        return;
      }
      onUploaded(url);
      setFile(null);
      toast.success('Image uploaded successfully');
    } finally {
      setBusy(false);
    }
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
