import { useNotifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { ToastArea as ToastAreaType } from './toast-area';
import { showCarriedToast, TOAST_DURATION_MS, TOAST_LIMIT } from './toast';

let ToastArea: typeof ToastAreaType | null = null;
let fetching: Promise<void> | null = null;
/** Fetches the toast area once; a failed fetch (no signal) is tried again next time. */
function fetchToastArea(): Promise<void> {
  return (fetching ??= import('./toast-area').then(
    (module) => {
      ToastArea = module.ToastArea;
    },
    () => {
      fetching = null;
    },
  ));
}

/**
 * Where toasts show (SPEC §9: one at a time, top right). Its code is a chunk of its own, fetched at
 * the first interaction with the page (every toast follows an action, and one saying the network is
 * down must still be able to show), or with the first toast if that comes sooner. Toasts shown
 * before it has loaded wait in the store and appear as soon as it has.
 */
export function Toasts() {
  const { notifications } = useNotifications();
  const [Area, setArea] = useState(() => ToastArea);

  // A toast the previous page left (signed in, then the page loaded afresh) shows on this one.
  useEffect(showCarriedToast, []);

  useEffect(() => {
    if (Area) return;
    const fetchArea = () => void fetchToastArea().then(() => ToastArea && setArea(() => ToastArea));
    if (notifications.length > 0) {
      fetchArea();
      return;
    }
    const options = { once: true, capture: true } as const;
    window.addEventListener('pointerdown', fetchArea, options);
    window.addEventListener('keydown', fetchArea, options);
    return () => {
      window.removeEventListener('pointerdown', fetchArea, options);
      window.removeEventListener('keydown', fetchArea, options);
    };
  }, [Area, notifications]);

  return Area ? <Area position="top-right" limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} /> : null;
}
