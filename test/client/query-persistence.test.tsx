import { describe, expect, it, vi } from 'vitest';
import { forgetSavedQueries, keepQueriesOnDevice } from '../../src/client/offline/query-persistence';
import { createQueryClient } from '../../src/client/trpc';
import { aUser } from './builders';

const KEY = 'tcac.savedQueries';
const me = aUser({ email: 'mia@example.com' });

describe("the member's answers kept on the phone", () => {
  it('are kept a moment after they change, and signing out leaves nothing to be written back as the page goes', () => {
    vi.useFakeTimers();
    try {
      localStorage.removeItem(KEY);
      const queryClient = createQueryClient();
      keepQueriesOnDevice(queryClient);
      queryClient.setQueryData([['auth', 'me'], { type: 'query' }], me);
      vi.advanceTimersByTime(1500);
      expect(localStorage.getItem(KEY)).toContain('mia@example.com');

      // An answer arrives just before the member signs out: its save is still waiting when the page goes.
      queryClient.setQueryData([['members', 'profile'], { type: 'query' }], { firstName: 'Mia' });
      forgetSavedQueries({ leaving: true });
      window.dispatchEvent(new Event('pagehide'));
      vi.advanceTimersByTime(1500);
      expect(localStorage.getItem(KEY)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
