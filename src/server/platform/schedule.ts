/**
 * Runs a background job (renewals, payment reconciliation) shortly after start and then every `minutes`,
 * inside the app, never two runs of it at once; a failed run is logged and the next one tries again.
 * Returns a stop function.
 */
export function scheduleJob(
  name: string,
  run: () => Promise<unknown>,
  minutes: number,
  log: { error(obj: object, msg: string): void },
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      log.error({ err: (error as Error).message, job: name }, `${name} failed; it runs again at the next interval`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 5_000);
  const timer = setInterval(() => void tick(), minutes * 60_000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
