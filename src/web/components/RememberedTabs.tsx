import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';

export interface TabDefinition {
  /** Stable value stored in local storage. */
  readonly value: string;
  readonly label: ReactNode;
  readonly content: ReactNode;
}

interface RememberedTabsProps {
  /**
   * The tab set's id: the active tab is remembered per id (docs/product.md "Constants and limits").
   */
  id: string;
  tabs: readonly TabDefinition[];
}

/** Tabs whose active tab is remembered in local storage; an unknown stored tab falls back to the first. */
export function RememberedTabs({ id, tabs }: RememberedTabsProps) {
  const [stored, setStored] = useLocalStorage<string>({
    key: `pushboard:tabs:${id}`,
    defaultValue: tabs[0]?.value ?? '',
    getInitialValueInEffect: false,
  });
  const active = tabs.some((tab) => tab.value === stored) ? stored : (tabs[0]?.value ?? '');
  return (
    <Tabs value={active} onChange={(value) => value && setStored(value)} keepMounted={false}>
      <Tabs.List mb="sm">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
