import type { QueuePass } from './newsletters.service';

/** How often an idle queue looks for newsletters queued by another instance of the site. */
const IDLE_MS = 2_000;

/**
 * Runs the newsletter queue inside the app: a pass as soon as a newsletter is queued here, then again when the
 * next message is due (1/perSecond later) while messages wait, and every few seconds when none do. Never two
 * passes at once; a failed pass is logged and the next one tries again. `stop` waits for a pass under way, so
 * a message being sent when the site shuts down is still recorded.
 */
export function startNewsletterQueue(
  run: () => Promise<QueuePass>,
  perSecond: number,
  log: { error(obj: object, msg: string): void },
): { wake(): void; stop(): Promise<void> } {
  const busyMs = Math.max(20, Math.min(1_000, Math.ceil(1_000 / perSecond)));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const later = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(pass, ms);
    timer.unref();
  };
  const pass = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let more = false;
      try {
        more = (await run()).more;
      } catch (error) {
        log.error({ err: (error as Error)?.message ?? String(error) }, 'Newsletter queue failed; it tries again shortly');
      }
      running = null;
      if (again) {
        again = false;
        later(0);
      } else later(more ? busyMs : IDLE_MS);
    })();
  };
  later(1_000);
  return {
    wake: () => (running ? (again = true) : later(0)),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
