import { createContext, useContext, useEffect, useState } from 'react';

/**
 * How a form inside a GuardedModal says whether it holds unsaved changes. Apart from the dialog itself, so a page
 * whose form is not in a dialog (the sponsor form, sign-in) loads no dialog code.
 */
export const DirtyContext = createContext<((id: symbol, dirty: boolean) => void) | null>(null);

/**
 * Tells the GuardedModal around this form whether it holds unsaved changes (a no-op outside one), so a form
 * need not lift its state to the dialog that opens it: `useDirtyGuard(form.isDirty())`.
 */
export function useDirtyGuard(dirty: boolean): void {
  const report = useContext(DirtyContext);
  const [id] = useState(() => Symbol('form'));
  useEffect(() => {
    report?.(id, dirty);
  }, [report, id, dirty]);
  useEffect(() => () => report?.(id, false), [report, id]);
}
