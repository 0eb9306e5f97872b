import { Center, Loader, Text, VisuallyHidden } from '@mantine/core';
import {
  Component,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { SectionLoader } from './full-screen-loader';
import { toast } from './toast';

export interface OnDemandPart<P> {
  (props: P): ReactNode;
  /** Starts the fetch ahead of need (pointer over, or focus on, the button that shows the part). */
  preload: () => void;
  /** True once fetched: from then on the part can stay mounted (dialogs keep their closing transition). */
  isLoaded: () => boolean;
}

/** Parts whose last fetch failed; a LoadBoundary that caught the failure makes them fetch afresh next time. */
const failedParts = new Set<() => void>();

/**
 * A part of the page (a dialog, a drawer, a menu) in a chunk of its own, fetched the first time it is
 * shown (render it inside <LoadBoundary> and <Suspense>). Like React.lazy, except that a failed fetch
 * (no signal at the riverbank) is tried again the next time the part is shown instead of failing for good.
 */
export function onDemandPart<P extends object>(load: () => Promise<ComponentType<P>>): OnDemandPart<P> {
  let loaded = false;
  let fetching: Promise<ComponentType<P>> | null = null;
  const fetchPart = () =>
    (fetching ??= load().then(
      (part) => {
        loaded = true;
        return part;
      },
      (error: unknown) => {
        // Kept failed until a boundary has shown the failure (so a render in progress does not refetch in a loop).
        failedParts.add(reset);
        throw error;
      },
    ));
  const make = () => lazy(async () => ({ default: await fetchPart() }));
  let current = make();
  function reset() {
    failedParts.delete(reset);
    fetching = null;
    current = make();
  }
  const Part = (props: P) => {
    const Current = current as ComponentType<P>;
    return <Current {...props} />;
  };
  const preload = () => {
    if (failedParts.has(reset)) reset();
    fetchPart().catch(() => undefined);
  };
  return Object.assign(Part, { preload, isLoaded: () => loaded });
}

let painted = false;

/**
 * False until the page has been painted once: parts the first screen does not show (the account menu, field mode)
 * start loading after it, so that on a weak signal they do not hold up the screen the person came for.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    // The frame after the next one: the first is painted by then.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        painted = true;
        // As a transition: React draws these parts in slices of a few milliseconds, never one long task.
        startTransition(() => setReady(true));
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [ready]);
  return ready;
}

/**
 * True once the element comes within `margin` of the screen, and from then on: a part below the first screen (a form
 * at the foot of a page) loads as the visitor scrolls towards it, not while the screen they came for is being drawn.
 * True at once where the browser cannot tell; false on the server, which draws the first screen without it.
 */
export function useNearView(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}

/** Draws its children (on-demand parts below the first screen) once the visitor scrolls near them. */
export function WhenNearView({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearView(place);
  return (
    <div ref={place}>
      {near && (
        <LoadBoundary onError={() => undefined}>
          <Suspense fallback={<SectionLoader />}>{children}</Suspense>
        </LoadBoundary>
      )}
    </div>
  );
}

/** A tab's panel fetched on demand: a spinner meanwhile, a sentence if it cannot be fetched (open the tab again). */
export function OnDemandPanel({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary
      onError={() => undefined}
      fallback={<Text c="dimmed">This tab could not be loaded. Check your signal and open it again.</Text>}
    >
      <Suspense fallback={<SectionLoader />}>{children}</Suspense>
    </LoadBoundary>
  );
}

/** Around an on-demand part: when its chunk cannot be fetched, says so and calls `onError` instead of breaking the page. */
export class LoadBoundary extends Component<{ onError: () => void; fallback?: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('Could not load part of the page', error);
    // This boundary no longer renders the part: the next time it is shown, it is fetched afresh.
    for (const reset of failedParts) reset();
    toast.error('Could not load', 'Please check your connection and try again.');
    this.props.onError();
  }

  render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

/** Stands in for a dialog while its chunk is fetched on first opening: the page dimmed, a spinner; a click gives up. */
export function DialogLoader({ onClose }: { onClose: () => void }) {
  return (
    <Center
      role="status"
      aria-live="polite"
      onClick={onClose}
      style={{ position: 'fixed', inset: 0, zIndex: 200, background: 'rgba(0, 0, 0, 0.6)' }}
    >
      <Loader color="white" aria-hidden />
      <VisuallyHidden>Loading...</VisuallyHidden>
    </Center>
  );
}
