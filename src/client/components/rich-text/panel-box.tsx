import { Paper, Stack, Text } from '@mantine/core';
import { useId, type KeyboardEvent, type ReactNode } from 'react';

/** The panels' fields are 44 px tall too. */
export const TOUCH_INPUT = { input: { minHeight: 44 } };

/** A small form between the toolbar and the text; Escape closes it without a change (and not the dialog around it). */
export function PanelBox({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper
      role="group"
      aria-labelledby={titleId}
      p="sm"
      radius={0}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <Stack gap="xs">
        <Text id={titleId} size="sm" fw={600}>
          {title}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
