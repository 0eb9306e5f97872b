import { Alert, Button, Group, Stack } from '@mantine/core';
import type { AdminEventView, EventInput } from '../../../shared/events.schema';
import { useCompetitionRules } from '../../lib/competition-rules';
import { EventDetailsFields, EventEntryFields, EventOptionsFields } from './event-form-fields';
import { useEventForm } from './use-event-form';

export { formValuesOf, toEventInput, type EventFormValues } from './event-form-values';

/** The admin event form (create and edit). */
export function EventForm({
  initial,
  submitting,
  onSubmit,
  onCancel,
}: {
  initial: AdminEventView | null;
  submitting: boolean;
  /** Saves; when it returns the save's promise, a refusal's field errors go under the fields. */
  onSubmit: (input: EventInput) => void | Promise<unknown>;
  onCancel: () => void;
}) {
  // A new event starts with the club's entry fees and fishing times (its competition rules).
  const { editing, form, formRef, problem, submit } = useEventForm(initial, useCompetitionRules(), onSubmit);
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={editing ? 'Edit Event' : 'Create New Event'}>
      <Stack gap="sm">
        <EventDetailsFields form={form} />
        <EventEntryFields form={form} />
        <EventOptionsFields form={form} editing={editing} />
        {(problem || form.formError) && (
          <Alert color="red" role="alert" title={editing ? 'The changes were not saved' : 'The event was not created'}>
            {problem ?? form.formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {editing ? 'Save Changes' : 'Create Event'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
