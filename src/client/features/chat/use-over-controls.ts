import { useEffect, useState, type RefObject } from 'react';

/** What a finger can tap: the floating button must never sit over one of these. */
const CONTROLS =
  'a[href], button, input, select, textarea, label, summary, [role="button"], [role="tab"], [role="link"], [role="checkbox"], [role="radio"], [tabindex]:not([tabindex="-1"])';
/** A little room around the button, so that a control just beside it is not half-covered by its shadow. */
const MARGIN = 4;

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
      if (!element) return;
      const box = element.getBoundingClientRect();
      const covered = [...document.querySelectorAll<HTMLElement>(CONTROLS)].some((control) => {
        if (element.contains(control) || control.contains(element)) return false;
        const r = control.getBoundingClientRect();
        return (
          r.width > 0 &&
          r.height > 0 &&
          r.left < box.right + MARGIN &&
          r.right > box.left - MARGIN &&
          r.top < box.bottom + MARGIN &&
          r.bottom > box.top - MARGIN
        );
      });
      setOver(covered);
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
