import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useChat } from './chat-provider';

/**
 * A conversation's behaviour on screen: the newest message kept in view, the cursor in the input when shown
 * (`autoFocus`) and back there with the reply, and sending with the button or Enter (Shift+Enter starts a new line).
 */
export function useChatConversation(autoFocus: boolean) {
  const { messages, pending, draft, setDraft, send } = useChat();
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  // This conversation sent the question, so the cursor comes back here with the reply.
  const awaitingReply = useRef(false);

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  // The newest message (or the typing indicator) is always in view: scrolled to whenever either changes.
  const newest = `${messages.length}:${pending}`;
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const el = list.current;
    if (!el || scrolledFor.current === newest) return;
    scrolledFor.current = newest;
    el.scrollTop = el.scrollHeight;
  }, [newest]);

  useEffect(() => {
    if (!pending && awaitingReply.current) {
      awaitingReply.current = false;
      input.current?.focus();
    }
  }, [pending]);

  const submit = () => {
    if (pending) return;
    const why = send(draft);
    if (why === null) {
      awaitingReply.current = true;
      setDraft('');
    } else if (why === 'blank') {
      input.current?.focus();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  // Enter sends, Shift+Enter starts a new line (and nothing is sent mid-composition).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return { messages, pending, draft, setDraft, list, input, onSubmit, onKeyDown };
}

export type ChatConversationState = ReturnType<typeof useChatConversation>;
