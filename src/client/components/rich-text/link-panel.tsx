import { Button, Checkbox, Group, TextInput } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { LINK_ADDRESS_MESSAGE, linkAddress } from './link-address';
import { PanelBox, TOUCH_INPUT } from './panel-box';

/** The link panel: the address and whether it opens in a new tab. */
export function LinkPanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const current = editor.getAttributes('link') as { href?: string; target?: string | null };
  const [typed, setTyped] = useState(current.href ?? '');
  const [newTab, setNewTab] = useState(current.target === '_blank');
  const [problem, setProblem] = useState<string | null>(null);

  const apply = () => {
    const href = linkAddress(typed);
    if (!href) {
      setProblem(LINK_ADDRESS_MESSAGE);
      return;
    }
    const attrs = { href, target: newTab ? '_blank' : null };
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing chosen to link: the address itself goes in as the link's text.
      chain.insertContent({ type: 'text', text: typed.trim(), marks: [{ type: 'link', attrs }] }).run();
    } else {
      chain.extendMarkRange('link').setLink(attrs).run();
    }
    onDone();
  };

  return (
    <PanelBox title={current.href ? 'Edit link' : 'Add a link'} onClose={onDone}>
      <TextInput
        label="Link address"
        description="A web address, a page of this site (/pages/about), an e-mail address or a phone number."
        placeholder="https://"
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          apply();
        }}
        error={problem}
        data-autofocus
        autoFocus
        size="md"
        styles={TOUCH_INPUT}
      />
      <Checkbox label="Open in a new tab" checked={newTab} onChange={(e) => setNewTab(e.currentTarget.checked)} size="md" py={10} />
      <Group gap="sm" wrap="wrap">
        <Button onClick={apply} mih={44}>
          {current.href ? 'Update link' : 'Add link'}
        </Button>
        <Button variant="default" onClick={onDone} mih={44}>
          Cancel
        </Button>
      </Group>
    </PanelBox>
  );
}
