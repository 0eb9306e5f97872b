/**
 * The procedures a test's fake server was asked for but given no answer to, kept apart from render.tsx
 * so the setup file can fail the test without loading the app.
 */
export const unanswered: string[] = [];

/** Empties the list and fails (throws) if the test left a procedure unanswered. */
export function failOnUnanswered() {
  const missing = [...new Set(unanswered.splice(0))];
  if (missing.length) {
    throw new Error(
      `The fake server was asked for ${missing.map((p) => `"${p}"`).join(', ')}, which this test gave no answer to. ` +
        'Add an answer (typed from AppRouter) to the fakeServer call.',
    );
  }
}
