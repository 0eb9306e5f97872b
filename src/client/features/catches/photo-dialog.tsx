import { Modal } from '@mantine/core';

/** A placing's photo, enlarged when tapped. */
export interface EnlargedPhoto {
  url: string;
  caption: string;
}

/**
 * The enlarged photo of a result. Loaded on the first tap: the results are on the public home, and a dialog's code
 * (focus trap, scroll lock) is a fifth of that page's script otherwise.
 */
export function PhotoDialog({ photo, onClose }: { photo: EnlargedPhoto; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={photo.caption} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <img src={photo.url} alt={photo.caption} style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 4 }} />
    </Modal>
  );
}
