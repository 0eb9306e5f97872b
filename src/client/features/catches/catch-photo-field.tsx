import { Text } from '@mantine/core';
import type { LogCatchState } from './use-log-catch-form';

/** The catch's photo: the camera input, the preview and where it was taken. */
export function CatchPhotoField({ photo, bindPhotoInput }: Pick<LogCatchState, 'photo' | 'bindPhotoInput'>) {
  return (
    <div>
      <Text size="sm" fw={500} component="label" htmlFor="catch-photo">
        Photo{' '}
        <Text span c="red">
          *
        </Text>
      </Text>
      <Text size="xs" c="dimmed">
        On the brag mat, with the club code in the picture.
      </Text>
      <input
        key={photo.inputKey}
        ref={bindPhotoInput}
        id="catch-photo"
        type="file"
        accept="image/*"
        capture="environment"
        style={{ display: 'block', marginTop: 6, width: '100%', minHeight: 44, padding: '8px 0' }}
        onChange={(e) => photo.choose(e.currentTarget.files?.[0] ?? null)}
      />
      {photo.previewUrl && (
        <img
          src={photo.previewUrl}
          alt="The chosen photo"
          width={160}
          height={120}
          style={{ display: 'block', marginTop: 8, objectFit: 'cover', borderRadius: 6 }}
        />
      )}
      {photo.gps && (
        <Text size="xs" c="dimmed" mt={4} data-testid="catch-gps">
          GPS: {photo.gps}
        </Text>
      )}
    </div>
  );
}
