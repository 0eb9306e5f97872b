import type { userEvent } from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/**
 * Fills a text field as a person pasting or choosing an autofill value would: its text replaced in one input event.
 * For the fields a test only needs filled; a test about what happens while someone types (a message cleared, a
 * count following the keys) types with `user.type`.
 */
export async function fill(user: User, field: HTMLElement, value: string): Promise<void> {
  await user.clear(field);
  if (value) await user.paste(value);
}
