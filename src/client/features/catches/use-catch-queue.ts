import { useEffect, useState } from 'react';
import { onQueueChange, queuedCatches, type QueuedCatch } from './catch-queue';

/** The catches waiting on this phone (oldest first), kept up to date as they are queued and sent. */
export function useCatchQueue(): QueuedCatch[] {
  const [entries, setEntries] = useState<QueuedCatch[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      void queuedCatches().then(
        (list) => live && setEntries(list),
        // No IndexedDB (a private window on an old phone): nothing can be queued either.
        () => undefined,
      );
    read();
    const stop = onQueueChange(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return entries;
}
