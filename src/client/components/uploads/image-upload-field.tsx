import { Box, Button, FileInput, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';
import { toast } from '../toast';
import { ImageUploadStatus } from './upload-progress';
import { useImageUpload } from './use-image-upload';

/**
 * One image of at most 5 MB, sent through an upload URL. When the server has stored it,
 * `onUploaded` receives its public address (a section's content, an article's featured image).
 */
export function ImageUploadField({
  label,
  onUploaded,
  disabled = false,
}: {
  label: string;
  onUploaded: (url: string) => void;
  disabled?: boolean;
}) {
  const trpc = useTRPC();
  const finishImage = useMutation(trpc.objects.finishImage.mutationOptions());
  const image = useImageUpload('Upload failed', async (uploadURL) => (await finishImage.mutateAsync({ uploadURL })).url);
  const { file, problem, busy } = image;
  const upload = async () => {
    const done = await image.upload();
    if (!done) return;
    onUploaded(done.finished);
    image.setFile(null);
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
          onChange={image.choose}
          clearable
          disabled={disabled || busy}
          style={{ flex: '1 1 220px', minWidth: 0 }}
        />
        <Button variant="light" onClick={() => void upload()} disabled={disabled || !file || !!problem} loading={busy}>
          Upload
        </Button>
      </Group>
      <ImageUploadStatus upload={image} doneText="Uploaded" />
    </Stack>
  );
}

/**
 * An image chosen either way: uploaded here, or its address pasted; the chosen image is previewed.
 * Used for section images, news featured images and sponsor logos.
 */
export function ImageField({
  uploadLabel,
  urlLabel,
  urlDescription = 'Or paste the address of an image.',
  previewAlt,
  value,
  onChange,
  error,
  disabled = false,
}: {
  uploadLabel: string;
  urlLabel: string;
  urlDescription?: string;
  previewAlt: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const preview = /^(https?:\/\/|\/)/i.test(value.trim()) ? value.trim() : null;
  return (
    <Stack gap="xs">
      <ImageUploadField label={uploadLabel} disabled={disabled} onUploaded={onChange} />
      <TextInput
        label={urlLabel}
        description={urlDescription}
        placeholder="https://"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        disabled={disabled}
        maxLength={500}
      />
      {preview && (
        <Box p="xs" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <img
            src={preview}
            alt={previewAlt}
            style={{ display: 'block', maxWidth: '100%', maxHeight: 180, objectFit: 'contain', margin: '0 auto' }}
          />
        </Box>
      )}
    </Stack>
  );
}
