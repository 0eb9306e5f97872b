/**
 * What the device keeps to send (catches, the sign-on desk's taps) goes again after a failed try: the next waits 5 s,
 * then twice as long each time, at most 5 minutes (a little jitter apart, so that phones coming back together spread).
 */
export function retryDelayMs(attempts: number, random = Math.random()): number {
  const base = Math.min(5 * 60_000, 5000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random));
}
