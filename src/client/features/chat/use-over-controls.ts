import { useEffect, useState, type RefObject } from 'react';

/** What a finger can tap: the floating button must never sit over one of these. */
const CONTROLS =
  'a[href], button, input, select, textarea, label, summary, [role="button"], [role="tab"], [role="link"], [role="checkbox"], [role="radio"], [tabindex]:not([tabindex="-1"])';
/** A little room around the button, so that a control just beside it is not half-covered by its shadow. */
const MARGIN = 4;

/** How many points across and down the element (and the margin around it) the page is asked what lies beneath. */
const PROBES = 5;

/** A grid of points over the element and its margin, close enough (16 px apart for the 56 px button) to meet any link. */
function probePoints(box: DOMRect): [number, number][] {
  const along = (from: number, to: number) => Array.from({ length: PROBES }, (_, i) => from + ((to - from) * i) / (PROBES - 1));
  const xs = along(box.left - MARGIN, box.right + MARGIN);
  return along(box.top - MARGIN, box.bottom + MARGIN).flatMap((y) => xs.map((x): [number, number] => [x, y]));
}

/**
 * Whether a control lies under the element: the browser's own hit testing at a few points (`elementsFromPoint`,
 * which skips what is hidden), instead of measuring every control of the page, a long task on a slow phone.
 */
function controlUnder(element: HTMLElement): boolean {
  // A page without hit testing (a test's DOM) has nothing under the button.
  if (typeof document.elementsFromPoint !== 'function') return false;
  return probePoints(element.getBoundingClientRect()).some(([x, y]) =>
    document.elementsFromPoint(x, y).some((hit) => !element.contains(hit) && !hit.contains(element) && hit.closest(CONTROLS) !== null),
  );
}

/**
 * Whether a control of the page lies under the fixed element (the assistant's round button), worked out as the page
 * scrolls (any scrolling box), changes size, or once a second for content that moves by itself.
 */
export function useOverControls(ref: RefObject<HTMLElement | null>): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const element = ref.current;
      if (element) setOver(controlUnder(element));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    const timer = setInterval(() => document.visibilityState === 'visible' && schedule(), 1000);
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(timer);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [ref]);
  return over;
}
