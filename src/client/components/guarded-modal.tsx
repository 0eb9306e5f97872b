import { Button, Group, Modal, Text, type ModalProps } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DirtyContext } from './forms/dirty-guard';

export interface GuardedModalProps extends ModalProps {
  /** The dialog holds unsaved changes (besides what forms inside report through useDirtyGuard). */
  dirty?: boolean;
}

/**
 * A Mantine Modal that does not throw away unsaved work: with changes in it, a click outside, Escape or the
 * close button first asks 'Discard your changes?'; leaving or reloading the page asks the browser's question.
 * A save that closes the dialog calls the parent's own close, which is not guarded.
 */
export function GuardedModal({ dirty = false, onClose, opened, children, ...props }: GuardedModalProps) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<symbol>>(new Set());
  const [asking, setAsking] = useState(false);
  const report = useCallback((id: symbol, formDirty: boolean) => {
    setDirtyForms((current) => {
      if (current.has(id) === formDirty) return current;
      const next = new Set(current);
      if (formDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const unsaved = opened && (dirty || dirtyForms.size > 0);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const requestClose = useMemo(
    () => () => {
      // The question opens once the key press that asked for it is over: Mantine's modals each listen for Escape on
      // the window, and a browser runs React's update between two listeners, so the same Escape would close it again.
      if (unsaved) setTimeout(() => setAsking(true));
      else onClose();
    },
    [unsaved, onClose],
  );

  return (
    <>
      <Modal closeButtonProps={{ 'aria-label': 'Close' }} {...props} opened={opened} onClose={requestClose}>
        <DirtyContext.Provider value={report}>{children}</DirtyContext.Provider>
      </Modal>
      <Modal opened={opened && asking} onClose={() => setAsking(false)} title="Discard your changes?" centered zIndex={400}>
        <Text size="sm">What you have changed in this form has not been saved.</Text>
        <Group justify="flex-end" mt="md" gap="sm">
          <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
            Keep editing
          </Button>
          <Button
            color="red"
            onClick={() => {
              setAsking(false);
              onClose();
            }}
          >
            Discard changes
          </Button>
        </Group>
      </Modal>
    </>
  );
}
