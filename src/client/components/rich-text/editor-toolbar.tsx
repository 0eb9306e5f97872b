import { RichTextEditor as Rte } from '@mantine/tiptap';
import type { KeyboardEvent } from 'react';
import { LineIcon } from '../line-icon';

export type Panel = 'none' | 'link' | 'image';

/** Left and right arrows move between the toolbar's buttons (the toolbar pattern), besides Tab. */
function moveAlongToolbar(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not([disabled])'));
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  buttons[(at + (event.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
}

function LinkIcon() {
  return (
    <LineIcon size={18}>
      <path d="M9 15l6-6" />
      <path d="M11 6l.46-.54a5 5 0 0 1 7.07 7.07L18 13" />
      <path d="M13 18l-.4.53a5.07 5.07 0 0 1-7.13 0 4.97 4.97 0 0 1 0-7.07L6 11" />
    </LineIcon>
  );
}

function PhotoIcon() {
  return (
    <LineIcon size={18}>
      <path d="M15 8h.01" />
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M3 16l5-5c.93-.9 2.07-.9 3 0l5 5" />
      <path d="M14 14l1-1c.93-.9 2.07-.9 3 0l3 3" />
    </LineIcon>
  );
}

/** The editor's toolbar: headings, bold and italic, lists, the link and image panels' buttons, undo and redo. */
export function EditorToolbar({
  label,
  state,
  panel,
  setPanel,
  disabled,
  withImages,
}: {
  label: string;
  state: { link: boolean; image: boolean } | null | undefined;
  panel: Panel;
  setPanel: (panel: Panel) => void;
  disabled: boolean;
  withImages: boolean;
}) {
  return (
    <Rte.Toolbar role="toolbar" aria-label={`${label}: formatting`} onKeyDown={moveAlongToolbar}>
      <Rte.ControlsGroup>
        <Rte.H2 />
        <Rte.H3 />
      </Rte.ControlsGroup>
      <Rte.ControlsGroup>
        <Rte.Bold />
        <Rte.Italic />
      </Rte.ControlsGroup>
      <Rte.ControlsGroup>
        <Rte.BulletList />
        <Rte.OrderedList />
      </Rte.ControlsGroup>
      <Rte.ControlsGroup>
        <Rte.Control
          aria-label="Link"
          title="Link (Ctrl+K)"
          active={state?.link}
          aria-expanded={panel === 'link'}
          disabled={disabled}
          onClick={() => setPanel(panel === 'link' ? 'none' : 'link')}
        >
          <LinkIcon />
        </Rte.Control>
        <Rte.Unlink />
      </Rte.ControlsGroup>
      {withImages && (
        <Rte.ControlsGroup>
          <Rte.Control
            aria-label="Image"
            title="Image"
            active={state?.image}
            aria-expanded={panel === 'image'}
            disabled={disabled}
            onClick={() => setPanel(panel === 'image' ? 'none' : 'image')}
          >
            <PhotoIcon />
          </Rte.Control>
        </Rte.ControlsGroup>
      )}
      <Rte.ControlsGroup>
        <Rte.Undo />
        <Rte.Redo />
      </Rte.ControlsGroup>
    </Rte.Toolbar>
  );
}
