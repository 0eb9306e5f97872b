/**
 * The load generator of `bench/api.ts`, run as its child process: it receives autocannon options over
 * IPC, runs them and sends back the figures. Kept out of the app's process so that building requests and
 * parsing responses never takes the event loop (or the heap) of the server being measured.
 */
import autocannon from 'autocannon';

export interface LoadRun {
  id: number;
  url: string;
  connections: number;
  duration: number;
  requests: { path: string; headers?: Record<string, string> }[];
}

export interface LoadResult {
  id: number;
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

process.on('message', (run: LoadRun) => {
  void autocannon({ url: run.url, connections: run.connections, duration: run.duration, requests: run.requests }).then((r) => {
    const result: LoadResult = {
      id: run.id,
      requestsPerSecond: r.requests.average,
      total: r.requests.total,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors,
      timeouts: r.timeouts,
      non2xx: r.non2xx,
    };
    process.send!(result);
  });
});
process.on('disconnect', () => process.exit(0));
