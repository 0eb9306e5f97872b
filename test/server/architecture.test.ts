import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the layers of the house (.dependency-cruiser.cjs)', () => {
  it('has no import cycles, and each layer imports only what it may', async () => {
    const outcome = await run(
      process.execPath,
      ['node_modules/dependency-cruiser/bin/dependency-cruiser.mjs', '--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'src'],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    ).then(
      () => 'no violations',
      (error: { stdout?: string }) => (error.stdout ?? String(error)).trim(),
    );
    expect(outcome).toBe('no violations');
  }, 60_000);
});
