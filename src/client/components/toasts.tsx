import { Box, Notification } from '@mantine/core';
import { notifications, useNotifications } from '@mantine/notifications';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { showCarriedToast, TOAST_DURATION_MS, toastShownAt } from './toast';
import './toast-place.css';

/**
 * Where a toast shows: the place the page frame keeps for it under the navigation bar, in the flow of the sticky
 * header, so that it pushes the screen down instead of lying over a control. Without a frame (a test rendering one
 * screen) it shows where <Toasts /> is.
 */
let slot: HTMLElement | null = null;
const currentSlot = () => slot;
/** A page drawn on the server, and the app taking it over, have no frame yet. */
const noSlot = () => null;
const slotListeners = new Set<() => void>();
function setSlot(element: HTMLElement | null) {
  slot = element;
  slotListeners.forEach((listener) => listener());
}
function subscribeToSlot(listener: () => void) {
  slotListeners.add(listener);
  return () => slotListeners.delete(listener);
}

/** The page frame's place for toasts (in its sticky header); a toast goes when the screen it speaks of changes. */
export function ToastSlot() {
  const { notifications: shown } = useNotifications();
  useGoneWithTheScreen(shown.at(-1)?.id);
  return <Box ref={setSlot} px="md" style={{ maxWidth: 'var(--container-size-lg)', marginInline: 'auto' }} />;
}

const TICK_MS = 250;
/** A toast older than this speaks of the screen before a change of screen, and goes with it. */
const SCREEN_CHANGE_GRACE_MS = 1000;

/**
 * The place in the open dialog (or drawer) on top, if there is one: the start of its body, made when first asked for.
 * A toast there is read with the dialog, pushing its content down; in the page's own place it would lie under the
 * dialog's overlay, unseen.
 */
function dialogPlace(): HTMLElement | null {
  // A dialog kept mounted while closed is in the page but not shown (no boxes): it does not count.
  const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')].filter(
    (d) => d.getClientRects().length > 0,
  );
  const top = dialogs.at(-1);
  if (!top) return null;
  const body = top.querySelector<HTMLElement>('.mantine-Modal-body, .mantine-Drawer-body') ?? top;
  let place = body.querySelector<HTMLElement>(':scope > [data-toast-place]');
  if (!place) {
    place = document.createElement('div');
    place.dataset.toastPlace = '';
    // Brought into view below the dialog's own sticky title bar, not under it.
    place.style.scrollMarginTop = '72px';
    body.prepend(place);
  }
  return place;
}

/** The dialog around `place` already shows `message` (its own success or failure line): saying it twice is noise. */
function dialogSays(place: HTMLElement, message: string): boolean {
  const dialogText = place.closest('[role="dialog"]')?.textContent ?? '';
  return message.trim() !== '' && dialogText.replace(place.textContent ?? '', '').includes(message);
}

type Place = { element: HTMLElement | null; said: boolean };

/**
 * While a toast shows: where it goes (the dialog on top, unless that dialog says the same already; else the frame's
 * place), looked at again as dialogs open and close, and its time, after which it hides.
 */
function useToastPlace(id: string | undefined, message: string, framePlace: HTMLElement | null): Place {
  const [inDialog, setInDialog] = useState<Place>({ element: null, said: false });
  useEffect(() => {
    if (!id) return;
    let left = TOAST_DURATION_MS;
    const look = () => {
      const element = dialogPlace();
      const said = element !== null && dialogSays(element, message);
      setInDialog((current) => (current.element === element && current.said === said ? current : { element, said }));
    };
    look();
    const timer = setInterval(() => {
      look();
      left -= TICK_MS;
      if (left <= 0) notifications.hide(id);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [id, message]);
  return id && inDialog.element?.isConnected ? inDialog : { element: framePlace, said: false };
}

/** The screen: the path and the portal's or admin's tab. */
function useScreen(): string {
  return useRouterState({
    select: (state) => `${state.location.pathname}|${String((state.location.search as { tab?: unknown }).tab ?? '')}`,
  });
}

/** The screen the frame showed last: a frame drawn again (after a loading spinner) is not a change of screen. */
let lastScreen: string | undefined;

/** Takes the toast away when the screen changes, unless the change came with it (an action that toasts and moves on). */
function useGoneWithTheScreen(id: string | undefined) {
  const screen = useScreen();
  useEffect(() => {
    const changed = lastScreen !== undefined && lastScreen !== screen;
    lastScreen = screen;
    if (changed && id && Date.now() - toastShownAt() > SCREEN_CHANGE_GRACE_MS) notifications.hide(id);
    // Only a change of screen asks; a new toast on the same screen stays its time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screen]);
}

/** One toast at a time (the newest replaces the current one), 5 s each. */
export function Toasts() {
  const { notifications: shown } = useNotifications();
  const current = shown.at(-1);
  const framePlace = useSyncExternalStore(subscribeToSlot, currentSlot, noSlot);
  const { element: target, said } = useToastPlace(current?.id, typeof current?.message === 'string' ? current.message : '', framePlace);
  // A toast the previous page left (signed in, then the page loaded afresh) shows on this one.
  useEffect(showCarriedToast, []);
  // A toast arriving in a dialog scrolled down (its button pressed at the bottom) is brought into view.
  const id = current?.id;
  useEffect(() => {
    if (id && target?.dataset.toastPlace !== undefined) target.scrollIntoView({ block: 'nearest' });
  }, [target, id]);
  if (!current || said) return null;
  const card = (
    <Notification
      color={current.color}
      title={current.title}
      withBorder
      my="xs"
      // A status, read out when the reader is free: the screen's own alerts (a dialog's failure) are the urgent ones.
      role="status"
      onClose={() => notifications.hide(current.id!)}
      closeButtonProps={{ 'aria-label': 'Dismiss', size: 'lg' }}
    >
      {current.message}
    </Notification>
  );
  return target ? createPortal(card, target) : card;
}
