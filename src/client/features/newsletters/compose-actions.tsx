import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { SEGMENT_LABELS } from '../../../shared/newsletters.schema';
import { plural } from './compose-draft';
import type { ComposeState } from './use-compose-newsletter';

/** Preview, a test to oneself, saving the draft and sending. */
export function ComposeButtons({ state }: { state: ComposeState }) {
  const { previewing, showPreview, testing, sendTest, saving, sending, saveDraft, busy, count, askToSend } = state;
  return (
    <Group gap="sm" wrap="wrap">
      <Button mih={44} variant="default" loading={previewing} onClick={showPreview}>
        Preview
      </Button>
      <Button mih={44} variant="default" loading={testing} onClick={sendTest}>
        Send test to me
      </Button>
      <Button mih={44} variant="light" loading={saving} disabled={sending} onClick={() => void saveDraft()}>
        Save draft
      </Button>
      <Button mih={44} disabled={busy || !count.data?.recipients} onClick={askToSend}>
        Send…
      </Button>
    </Group>
  );
}

/** The newsletter as it will arrive. */
export function ComposePreview({ preview, onClose }: { preview: string | null; onClose: () => void }) {
  return (
    <Modal opened={preview !== null} onClose={onClose} title="Preview" size="xl">
      {preview !== null && (
        <iframe
          title="Newsletter preview"
          srcDoc={preview}
          sandbox=""
          style={{ width: '100%', height: '70vh', border: '1px solid #ddd' }}
        />
      )}
    </Modal>
  );
}

/** The last word before sending: to how many people, and that it cannot be recalled. */
export function ConfirmSend({ state }: { state: ComposeState }) {
  const { confirming, setConfirming, draft, count, sending, busy, sendNow } = state;
  return (
    <Modal opened={confirming} onClose={() => setConfirming(false)} title="Send this newsletter?">
      <Stack gap="sm">
        <Text>
          “{draft.subject.trim()}” goes to {plural(count.data?.recipients ?? 0, 'person', 'people')} (
          {count.data?.label ?? SEGMENT_LABELS[draft.kind]}), at a steady pace. Once sent it cannot be changed or recalled.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={() => setConfirming(false)} disabled={sending}>
            Cancel
          </Button>
          <Button mih={44} loading={busy} onClick={() => void sendNow()}>
            Send now
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
