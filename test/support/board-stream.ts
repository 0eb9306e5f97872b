import { expect } from 'vitest';
import type { LiveBoard } from '../../src/shared/catches.schema';

/** Follows an event's live board as a TV or a script would: plain fetch, reading the stream's `board` events. */
export async function followBoard(baseUrl: string, eventId: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events/${eventId}/live`, { signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let raw = '';
  const read = async (): Promise<LiveBoard> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const event = block.find((line) => line.startsWith('event: '))?.slice('event: '.length);
        if (!event) continue; // the retry hint, a heartbeat comment
        expect(event).toBe('board');
        return JSON.parse(
          block
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice('data: '.length))
            .join('\n'),
        );
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('The stream ended.');
      buffer += value;
      raw += value;
    }
  };
  return {
    res,
    /** Everything the stream has sent so far. */
    raw: () => raw,
    /** The next board; a deadline only so that a missing event fails with a sentence rather than the test's timeout. */
    next: (within = 15_000) =>
      Promise.race([
        read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`No board event arrived within ${within / 1000} s.`)), within).unref(),
        ),
      ]),
    close: () => controller.abort(),
  };
}
