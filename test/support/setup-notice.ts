import { Writable } from 'node:stream';
import { vi } from 'vitest';

/** The line a site without an administrator logs once it listens: where to set the club up, and with which code. */
export const SETUP_NOTICE = /Set up the club at (\S+) with the code ([A-Z0-9]{5}-[A-Z0-9]{5})/;

/** A log for a test app (`logStream`) whose lines are kept, and the setup notice read from it once it is written. */
export function keptLog() {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const text = () => lines.join('');
  return {
    logStream,
    text,
    /** The setup page's address and code, waited for (the line comes just after the site listens). */
    async setupNotice(timeout = 10_000): Promise<{ url: string; code: string }> {
      await vi.waitFor(
        () => {
          if (!SETUP_NOTICE.test(text())) throw new Error('No setup notice in the log yet');
        },
        { timeout },
      );
      const [, url, code] = SETUP_NOTICE.exec(text())!;
      return { url, code };
    },
  };
}
