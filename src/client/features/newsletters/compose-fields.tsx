import { NativeSelect, NumberInput, Text, TextInput } from '@mantine/core';
import { NEWSLETTER_LIMITS, SEGMENT_KINDS, SEGMENT_LABELS, segmentCountLine, type SegmentKind } from '../../../shared/newsletters.schema';
import { eventLabel } from '../../components/event-picker';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useEditorImageUpload } from '../../components/uploads/use-editor-image-upload';
import { serverMessage } from '../../lib/errors';
import { TALL } from './compose-draft';
import type { ComposeState } from './use-compose-newsletter';

/** The subject and the message. */
export function ComposeContent({ state: { draft, set, errors, busy } }: { state: ComposeState }) {
  const uploadImage = useEditorImageUpload();
  return (
    <>
      <TextInput
        styles={TALL}
        label="Subject"
        withAsterisk
        maxLength={NEWSLETTER_LIMITS.subject}
        value={draft.subject}
        onChange={(e) => set('subject', e.currentTarget.value)}
        error={errors.subject || undefined}
        disabled={busy}
      />
      <RichTextEditor
        label="Message"
        required
        value={draft.bodyHtml}
        onChange={(html) => set('bodyHtml', html)}
        error={errors.bodyHtml || undefined}
        uploadImage={uploadImage}
        minHeight={260}
        disabled={busy}
      />
    </>
  );
}

/** Who receives it, and how many people that is. */
export function ComposeSegment({ state: { draft, set, errors, busy, events, segment, count } }: { state: ComposeState }) {
  return (
    <>
      <NativeSelect
        styles={TALL}
        label="Send to"
        value={draft.kind}
        onChange={(e) => set('kind', e.currentTarget.value as SegmentKind)}
        data={SEGMENT_KINDS.map((k) => ({ value: k, label: SEGMENT_LABELS[k] }))}
        error={draft.kind !== 'expiring' && draft.kind !== 'event' ? errors.segment || undefined : undefined}
        disabled={busy}
      />
      {draft.kind === 'expiring' && (
        <NumberInput
          styles={TALL}
          label="Membership ends within (days)"
          min={1}
          max={NEWSLETTER_LIMITS.maxDays}
          allowDecimal={false}
          value={draft.days}
          onChange={(v) => set('days', v)}
          error={errors.segment || undefined}
          disabled={busy}
        />
      )}
      {draft.kind === 'event' && (
        <NativeSelect
          styles={TALL}
          label="Event"
          value={draft.eventId}
          onChange={(e) => set('eventId', e.currentTarget.value)}
          data={[
            { value: '', label: events.isPending ? 'Loading events...' : 'Choose an event' },
            ...(events.data ?? []).map((e) => ({ value: e.id, label: eventLabel(e) })),
          ]}
          error={errors.segment || undefined}
          disabled={busy}
        />
      )}
      <Text size="sm" aria-live="polite" data-testid="segment-count">
        {!segment
          ? 'Choose who receives it to see how many people that is.'
          : count.data
            ? segmentCountLine(count.data)
            : count.isError
              ? (serverMessage(count.error) ?? 'Could not count the people in this group.')
              : 'Counting...'}
      </Text>
    </>
  );
}
