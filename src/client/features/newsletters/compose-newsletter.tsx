import { Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { NewsletterView } from '../../../shared/newsletters.schema';
import { GuardedModal } from '../../components/guarded-modal';
import { ComposeButtons, ComposePreview, ConfirmSend } from './compose-actions';
import { ComposeContent, ComposeSegment } from './compose-fields';
import { useComposeNewsletter } from './use-compose-newsletter';

/**
 * Writing a newsletter: subject, message (rich text, pictures uploaded in place), who receives it with how many
 * people that is, a preview, a test to oneself, saving the draft and sending (after a confirmation).
 */
export function ComposeNewsletter({ initial, opened, onClose }: { initial: NewsletterView | null; opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal opened={opened} onClose={onClose} title={initial ? 'Edit newsletter' : 'Write a newsletter'} size="xl" fullScreen={phone}>
      {opened && <ComposeForm key={initial?.id ?? 'new'} initial={initial} onDone={onClose} />}
    </GuardedModal>
  );
}

function ComposeForm({ initial, onDone }: { initial: NewsletterView | null; onDone: () => void }) {
  const state = useComposeNewsletter(initial, onDone);
  return (
    <Stack gap="sm">
      <ComposeContent state={state} />
      <ComposeSegment state={state} />
      <ComposeButtons state={state} />

      <ComposePreview preview={state.preview} onClose={() => state.setPreview(null)} />

      <ConfirmSend state={state} />
    </Stack>
  );
}
