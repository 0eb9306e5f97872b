import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { ImageUpload } from './use-image-upload';

/** The bar every upload shows; with a caption under it when given. */
export function UploadProgress({ value, animated, caption }: { value: number; animated: boolean; caption?: string }) {
  const bar = <Progress value={value} aria-label="Upload progress" animated={animated} />;
  if (caption === undefined) return bar;
  return (
    <Stack gap={4}>
      {bar}
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Stack>
  );
}

/** Under an image field: why the chosen file cannot go, then the upload's progress; `doneText` once it has finished. */
export function ImageUploadStatus({
  upload,
  doneText,
}: {
  upload: Pick<ImageUpload<unknown>, 'problem' | 'progress' | 'busy'>;
  doneText: string;
}) {
  const { problem, progress, busy } = upload;
  return (
    <>
      {problem && (
        <Alert color="red" variant="light">
          {problem}
        </Alert>
      )}
      {progress !== null && (
        <UploadProgress
          value={progress}
          animated={busy && progress < 100}
          caption={progress < 100 ? `Uploading... ${progress}%` : busy ? 'Processing image... 100%' : doneText}
        />
      )}
    </>
  );
}
