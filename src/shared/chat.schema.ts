import { z } from 'zod';
import { CLUB } from './club';

export const CHAT_MAX_LENGTH = 1000;

/** The fixed greeting the chat opens with (SPEC §2.15). */
export const CHAT_GREETING = `G'day! I'm the ${CLUB.shortName} assistant. Ask me about membership, events, competition rules, size limits, the NSW fishing licence or sponsoring the club.`;
/** SPEC §8: what the chat says when the reply fails. */
export const CHAT_FAILURE = "Sorry, I'm having trouble responding right now. Please try again later.";

export const chatInput = z.object({
  message: z
    .string({ error: 'Please type a question.' })
    .trim()
    .min(1, 'Please type a question.')
    .max(CHAT_MAX_LENGTH, `Questions are at most ${CHAT_MAX_LENGTH} characters.`),
});
export type ChatInput = z.input<typeof chatInput>;

/** A reply: plain text (never HTML), and the pages it came from. */
export const chatReply = z.object({
  response: z.string(),
  links: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type ChatReply = z.infer<typeof chatReply>;
