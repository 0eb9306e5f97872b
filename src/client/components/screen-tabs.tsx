import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

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
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <TabPanels tabs={tabs} />
    </Tabs>
  );
}
