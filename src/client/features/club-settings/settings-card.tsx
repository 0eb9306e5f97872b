import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface SettingsCardProps {
  /** The id its title gets, naming the form for assistive technology. */
  id: string;
  title: string;
  /** What the settings decide, and what a change does and does not touch. */
  intro: ReactNode;
  saveLabel: string;
  saving: boolean;
  /** Nothing to save until a value differs from the saved ones. */
  dirty: boolean;
  /** A message of the schema that names no field. */
  formError?: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** One card of Admin → Club settings: its title and what it decides, its fields, and its save button (44 px). */
export function SettingsCard({ id, title, intro, saveLabel, saving, dirty, formError, onSubmit, children }: SettingsCardProps) {
  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={onSubmit} noValidate aria-labelledby={id}>
        <Stack gap="md">
          <Title order={3} fz="lg" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
          {children}
          {formError && (
            <Text size="sm" c="red" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="md" mih={44} loading={saving} disabled={!dirty}>
              {saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
