import { Box, Tabs } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LineIcon } from './line-icon';

/** A tab of a screen: its address value, the trigger's label, and what it shows. */
export interface ScreenTab {
  value: string;
  label: string;
  panel: ReactNode;
}

/** The panels of a screen's tabs, in order, each a little below the strip; only the open one is drawn. */
export function TabPanels({ tabs }: { tabs: readonly Pick<ScreenTab, 'value' | 'panel'>[] }) {
  return (
    <>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          {t.panel}
        </Tabs.Panel>
      ))}
    </>
  );
}

/** The side where the strip has more tabs out of sight: a fade and an arrow say so. */
function MoreTabsCue({ side }: { side: 'left' | 'right' }) {
  return (
    <div
      aria-hidden
      data-testid={`more-tabs-${side}`}
      style={{
        position: 'absolute',
        top: 0,
        bottom: 2,
        [side]: 0,
        width: 44,
        display: 'flex',
        alignItems: 'center',
        justifyContent: side === 'right' ? 'flex-end' : 'flex-start',
        pointerEvents: 'none',
        color: 'var(--mantine-color-blue-7)',
        background: `linear-gradient(to ${side}, transparent, var(--mantine-color-body) 60%)`,
      }}
    >
      <LineIcon size={20} strokeWidth={2.5}>
        <path d={side === 'right' ? 'm9 6 6 6-6 6' : 'm15 6-6 6 6 6'} />
      </LineIcon>
    </div>
  );
}

/** Scrolls a strip of tabs sideways so that the open one is in the middle, when the strip does not fit. */
function bringIntoView(strip: HTMLElement, value: string | null | undefined) {
  const active = strip.querySelector<HTMLElement>(`[data-tab="${value}"]`);
  if (!active || strip.scrollWidth <= strip.clientWidth) return;
  const stripBox = strip.getBoundingClientRect();
  const tabBox = active.getBoundingClientRect();
  strip.scrollLeft += tabBox.left - stripBox.left - (stripBox.width - tabBox.width) / 2;
}

/**
 * The strip of tab triggers: on a phone it scrolls sideways when the tabs do not fit, with a fade and an arrow on
 * each side where more of them are out of sight, and brings the open tab into view (e.g. Profile from the user menu).
 */
export function TabStrip({ tabs, value }: { tabs: readonly Pick<ScreenTab, 'value' | 'label'>[]; value?: string | null }) {
  const list = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  // The open tab, for the observer's first report; until then the strip has not been laid out.
  const open = useRef(value);
  const laidOut = useRef(false);

  useEffect(() => {
    const strip = list.current;
    if (!strip) return;
    const measure = () => {
      const left = strip.scrollLeft > 1;
      const right = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    // The observer reports the strip's size once it is first laid out, then on every change (a phone turned
    // sideways). Its reports come after the browser's layout, so reading sizes there costs nothing; reading them
    // while the page is first drawn would make the browser lay the whole page out in the middle of the app's start.
    const observer = new ResizeObserver(() => {
      if (!laidOut.current) bringIntoView(strip, open.current);
      laidOut.current = true;
      measure();
    });
    observer.observe(strip);
    strip.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      strip.removeEventListener('scroll', measure);
    };
  }, []);

  useEffect(() => {
    open.current = value;
    if (laidOut.current && list.current) bringIntoView(list.current, value);
  }, [value]);

  return (
    <Box pos="relative">
      <Tabs.List
        ref={list}
        // The base line is an inset shadow so that it spans the strip however far it is scrolled.
        style={{
          flexWrap: 'nowrap',
          overflowX: 'auto',
          overflowY: 'hidden',
          scrollbarWidth: 'none',
          '--tab-border-color': 'transparent',
          boxShadow: 'inset 0 -2px 0 var(--mantine-color-gray-3)',
        }}
      >
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} data-tab={t.value} mih={44}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {more.left && <MoreTabsCue side="left" />}
      {more.right && <MoreTabsCue side="right" />}
    </Box>
  );
}

/** A screen in tabs: a strip that scrolls sideways when it does not fit, and the open tab's panel under it. */
export function ScreenTabs({
  tabs,
  value,
  onChange,
  defaultValue,
}: {
  tabs: readonly ScreenTab[];
  value?: string | null;
  onChange?: (value: string | null) => void;
  defaultValue?: string;
}) {
  return (
    <Tabs value={value} onChange={onChange} defaultValue={defaultValue} keepMounted={false}>
      <TabStrip tabs={tabs} value={value ?? defaultValue} />
      <TabPanels tabs={tabs} />
    </Tabs>
  );
}
