import { z } from 'zod';
import { CHAT_BLANK, CHAT_TOO_LONG, chatRefusal } from './chat';

export { CHAT_FAILURE, CHAT_MAX_LENGTH, CHAT_TOO_LONG, chatGreeting } from './chat';

export const chatInput = z.object({
  message: z
    .string({ error: CHAT_BLANK })
    .trim()
    .superRefine((text, ctx) => {
      const why = chatRefusal(text);
      if (why) ctx.addIssue({ code: 'custom', message: why === 'blank' ? CHAT_BLANK : CHAT_TOO_LONG });
    }),
});
export type ChatInput = z.input<typeof chatInput>;

/** A reply: plain text (never HTML), and the pages it came from. */
export const chatReply = z.object({
  response: z.string(),
  links: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type ChatReply = z.infer<typeof chatReply>;
