import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { newsletterInput, NEWSLETTER_LIMITS, type NewsletterView } from '../../../shared/newsletters.schema';
import { useDirtyGuard } from '../../components/forms/dirty-guard';
import { toast } from '../../components/toast';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { draftOf, plural, segmentOf, type Draft } from './compose-draft';

/** The draft being written, its problems, and who it goes to with how many people that is. */
function useDraft(initial: NewsletterView | null) {
  const trpc = useTRPC();
  const [start] = useState(() => draftOf(initial));
  const [draft, setDraft] = useState(start);
  const [savedId, setSavedId] = useState(initial?.id ?? null);
  const [savedDraft, setSavedDraft] = useState(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
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
  return { draft, set, savedId, setSavedId, setSavedDraft, errors, events, segment, count, validInput, fail };
}

/** Saving the draft (creating it the first time) and sending it. */
function useSaveAndSend(d: ReturnType<typeof useDraft>, onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.newsletters.list.queryKey() });
  const create = useMutation(trpc.admin.newsletters.create.mutationOptions());
  const update = useMutation(trpc.admin.newsletters.update.mutationOptions());
  const send = useMutation(trpc.admin.newsletters.send.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  /** Saves the draft (creating it the first time); resolves with its id, or null when it could not be saved. */
  const save = async (): Promise<string | null> => {
    const input = d.validInput();
    if (!input) return null;
    try {
      const saved = d.savedId ? await update.mutateAsync({ id: d.savedId, ...input }) : await create.mutateAsync(input);
      d.setSavedId(saved.id);
      d.setSavedDraft(d.draft);
      await refresh();
      return saved.id;
    } catch (error) {
      d.fail('The draft was not saved')(error);
      return null;
    }
  };
  const saveDraft = async () => {
    if (await save()) {
      toast.success('Draft saved');
      onDone();
    }
  };
  const sendNow = async () => {
    const id = await save();
    if (!id) return setConfirming(false);
    send.mutate(
      { id },
      {
        onSuccess: (sent) =>
          void refresh().then(() => {
            toast.success(
              'Sending',
              `“${sent.subject}” is on its way to ${plural(sent.counts.total - sent.counts.skipped, 'person', 'people')}.`,
            );
            setConfirming(false);
            onDone();
          }),
        onError: (error) => {
          setConfirming(false);
          d.fail('The newsletter was not sent')(error);
        },
      },
    );
  };
  const saving = create.isPending || update.isPending;
  return { saveDraft, sendNow, saving, sending: send.isPending, busy: saving || send.isPending, confirming, setConfirming };
}

/**
 * The newsletter form's state and actions: the draft and its checks, who it goes to, a preview, a test to oneself,
 * saving and sending.
 */
export function useComposeNewsletter(initial: NewsletterView | null, onDone: () => void) {
  const trpc = useTRPC();
  const d = useDraft(initial);
  const s = useSaveAndSend(d, onDone);
  const [preview, setPreview] = useState<string | null>(null);
  const testSend = useMutation(trpc.admin.newsletters.testSend.mutationOptions());
  const previewer = useMutation(trpc.admin.newsletters.preview.mutationOptions());
  const content = () => {
    const input = d.validInput();
    return input ? { subject: input.subject, bodyHtml: input.bodyHtml } : null;
  };
  const showPreview = () => {
    const c = content();
    if (c) previewer.mutate(c, { onSuccess: (r) => setPreview(r.html), onError: d.fail('Could not show the preview') });
  };
  const sendTest = () => {
    const c = content();
    if (c)
      testSend.mutate(
        { ...c, ...(d.savedId ? { id: d.savedId } : {}) },
        { onSuccess: (r) => toast.success('Test sent', r.message), onError: d.fail('The test was not sent') },
      );
  };
  const askToSend = () => {
    if (d.validInput()) s.setConfirming(true);
  };
  return {
    ...d,
    ...s,
    preview,
    setPreview,
    showPreview,
    previewing: previewer.isPending,
    sendTest,
    testing: testSend.isPending,
    askToSend,
  };
}

export type ComposeState = ReturnType<typeof useComposeNewsletter>;
