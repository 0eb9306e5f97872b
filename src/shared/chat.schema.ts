import { z } from 'zod';
import { CHAT_MAX_LENGTH } from './chat';

export { CHAT_FAILURE, CHAT_GREETING, CHAT_MAX_LENGTH } from './chat';

/** Shown under the box while a question is too long, and by the server if one arrives. */
export const CHAT_TOO_LONG = `Questions are at most ${CHAT_MAX_LENGTH} characters.`;

export const chatInput = z.object({
  message: z.string({ error: 'Please type a question.' }).trim().min(1, 'Please type a question.').max(CHAT_MAX_LENGTH, CHAT_TOO_LONG),
});
export type ChatInput = z.input<typeof chatInput>;

/** A reply: plain text (never HTML), and the pages it came from. */
export const chatReply = z.object({
  response: z.string(),
  links: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type ChatReply = z.infer<typeof chatReply>;
