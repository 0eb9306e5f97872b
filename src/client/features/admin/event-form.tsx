import { Alert, Button, Group, Stack } from '@mantine/core';
import type { AdminEventView, EntryFeeDefaults, EventInput } from '../../../shared/events.schema';
import { EventDetailsFields, EventEntryFields, EventOptionsFields } from './event-form-fields';
import { useEventForm } from './use-event-form';

export { formValuesOf, toEventInput, type EventFormValues } from './event-form-values';

/** The admin event form (create and edit). */
export function EventForm({
  initial,
  fees,
  submitting,
  onSubmit,
  onCancel,
}: {
  initial: AdminEventView | null;
  /** The fees a new event starts with (absent: the built-in non-member fee, the member fee blank). */
  fees?: EntryFeeDefaults;
  submitting: boolean;
  /** Saves; when it returns the save's promise, a refusal's field errors go under the fields. */
  onSubmit: (input: EventInput) => void | Promise<unknown>;
  onCancel: () => void;
}) {
  const { editing, form, formRef, problem, submit } = useEventForm(initial, fees, onSubmit);
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
