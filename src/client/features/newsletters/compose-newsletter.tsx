import { Button, Group, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  newsletterInput,
  NEWSLETTER_LIMITS,
  SEGMENT_KINDS,
  SEGMENT_LABELS,
  segmentCountLine,
  type NewsletterView,
  type Segment,
  type SegmentKind,
} from '../../../shared/newsletters.schema';
import { useDirtyGuard } from '../../components/forms/dirty-guard';
import { GuardedModal } from '../../components/guarded-modal';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useEditorImageUpload } from '../../components/uploads/use-editor-image-upload';
import { eventLabel } from '../../components/event-picker';
import { toast } from '../../components/toast';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

interface Draft {
  subject: string;
  bodyHtml: string;
  kind: SegmentKind;
  days: number | string;
  eventId: string;
}

const draftOf = (n: NewsletterView | null): Draft => ({
  subject: n?.subject ?? '',
  bodyHtml: n?.bodyHtml ?? '',
  kind: n?.segment.kind ?? 'current',
  days: n?.segment.kind === 'expiring' ? n.segment.days : 30,
  eventId: n?.segment.kind === 'event' ? n.segment.eventId : '',
});

/** The segment the form describes, or null while it is incomplete (no event chosen, days not a whole number). */
function segmentOf(d: Draft): Segment | null {
  if (d.kind === 'expiring') {
    const days = Number(d.days);
    return Number.isInteger(days) && days >= 1 && days <= NEWSLETTER_LIMITS.maxDays ? { kind: 'expiring', days } : null;
  }
  if (d.kind === 'event') return d.eventId ? { kind: 'event', eventId: d.eventId } : null;
  return { kind: d.kind };
}

/** Fields and buttons a finger can hit on a phone (44 px). */
const TALL = { input: { minHeight: 44 } };

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;

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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const uploadImage = useEditorImageUpload();
  const [start] = useState(() => draftOf(initial));
  const [draft, setDraft] = useState(start);
  const [savedId, setSavedId] = useState(initial?.id ?? null);
  const [savedDraft, setSavedDraft] = useState(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key === 'kind' || key === 'days' || key === 'eventId' ? 'segment' : key]: '' }));
  };

  const events = useQuery({ ...trpc.admin.events.list.queryOptions(), enabled: draft.kind === 'event' });
  const segment = segmentOf(draft);
  const [debouncedSegment] = useDebouncedValue(segment, 300);
  const count = useQuery({
    ...trpc.admin.newsletters.count.queryOptions({ segment: debouncedSegment ?? { kind: 'current' } }),
    enabled: debouncedSegment !== null,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.newsletters.list.queryKey() });
  const create = useMutation(trpc.admin.newsletters.create.mutationOptions());
  const update = useMutation(trpc.admin.newsletters.update.mutationOptions());
  const send = useMutation(trpc.admin.newsletters.send.mutationOptions());
  const testSend = useMutation(trpc.admin.newsletters.testSend.mutationOptions());
  const previewer = useMutation(trpc.admin.newsletters.preview.mutationOptions());
  const busy = create.isPending || update.isPending || send.isPending;
  // Unsaved changes: closing the dialog asks first (not once it is saved or sent).
  useDirtyGuard(JSON.stringify(draft) !== JSON.stringify(savedDraft));

  /** Checks the form the way the server will; shows every problem on its field at once. */
  const validInput = () => {
    const parsed = newsletterInput.safeParse({
      subject: draft.subject,
      bodyHtml: draft.bodyHtml,
      segment: segment ?? { kind: draft.kind },
    });
    if (parsed.success && segment) return parsed.data;
    const found: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
    if (!segment)
      found.segment =
        draft.kind === 'event' ? 'Please choose an event.' : `Days must be a whole number from 1 to ${NEWSLETTER_LIMITS.maxDays}.`;
    setErrors(found);
    return null;
  };
  const fail = (title: string) => (error: unknown) => {
    const fields = fieldErrorsOf(error);
    if (Object.keys(fields).length) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.')[0], v])));
    toast.error(title, serverMessage(error) ?? 'Please try again.');
  };

  /** Saves the draft (creating it the first time); resolves with its id, or null when it could not be saved. */
  const save = async (): Promise<string | null> => {
    const input = validInput();
    if (!input) return null;
    try {
      const saved = savedId ? await update.mutateAsync({ id: savedId, ...input }) : await create.mutateAsync(input);
      setSavedId(saved.id);
      setSavedDraft(draft);
      await refresh();
      return saved.id;
    } catch (error) {
      fail('The draft was not saved')(error);
      return null;
    }
  };

  const content = () => {
    const input = validInput();
    return input ? { subject: input.subject, bodyHtml: input.bodyHtml } : null;
  };

  return (
    <Stack gap="sm">
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
      <Group gap="sm" wrap="wrap">
        <Button
          mih={44}
          variant="default"
          loading={previewer.isPending}
          onClick={() => {
            const c = content();
            if (c) previewer.mutate(c, { onSuccess: (r) => setPreview(r.html), onError: fail('Could not show the preview') });
          }}
        >
          Preview
        </Button>
        <Button
          mih={44}
          variant="default"
          loading={testSend.isPending}
          onClick={() => {
            const c = content();
            if (c)
              testSend.mutate(
                { ...c, ...(savedId ? { id: savedId } : {}) },
                { onSuccess: (r) => toast.success('Test sent', r.message), onError: fail('The test was not sent') },
              );
          }}
        >
          Send test to me
        </Button>
        <Button
          mih={44}
          variant="light"
          loading={create.isPending || update.isPending}
          disabled={send.isPending}
          onClick={async () => {
            if (await save()) {
              toast.success('Draft saved');
              onDone();
            }
          }}
        >
          Save draft
        </Button>
        <Button
          mih={44}
          disabled={busy || !count.data?.recipients}
          onClick={() => {
            if (validInput()) setConfirming(true);
          }}
        >
          Send…
        </Button>
      </Group>

      <Modal opened={preview !== null} onClose={() => setPreview(null)} title="Preview" size="xl">
        {preview !== null && (
          <iframe
            title="Newsletter preview"
            srcDoc={preview}
            sandbox=""
            style={{ width: '100%', height: '70vh', border: '1px solid #ddd' }}
          />
        )}
      </Modal>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Send this newsletter?">
        <Stack gap="sm">
          <Text>
            “{draft.subject.trim()}” goes to {plural(count.data?.recipients ?? 0, 'person', 'people')} (
            {count.data?.label ?? SEGMENT_LABELS[draft.kind]}), at a steady pace. Once sent it cannot be changed or recalled.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" mih={44} onClick={() => setConfirming(false)} disabled={send.isPending}>
              Cancel
            </Button>
            <Button
              mih={44}
              loading={busy}
              onClick={async () => {
                const id = await save();
                if (!id) return setConfirming(false);
                send.mutate(
                  { id },
                  {
                    onSuccess: async (sent) => {
                      await refresh();
                      toast.success(
                        'Sending',
                        `“${sent.subject}” is on its way to ${plural(sent.counts.total - sent.counts.skipped, 'person', 'people')}.`,
                      );
                      setConfirming(false);
                      onDone();
                    },
                    onError: (error) => {
                      setConfirming(false);
                      fail('The newsletter was not sent')(error);
                    },
                  },
                );
              }}
            >
              Send now
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
