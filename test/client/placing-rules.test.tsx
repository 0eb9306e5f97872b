import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PlacingRulesCard } from '../../src/client/features/admin/placing-rules-card';
import { somePlacingRules } from './builders';
import { fakeServer, ok, renderWithProviders, trpcError } from './render';

const DEFAULT = somePlacingRules({ onePlacingPerAngler: true, changedAt: null, changedBy: null });

describe("the Results tab's placing rule", () => {
  it("shows 'One placing per angler per category' on by default, and switching it off saves it and says who switched it", async () => {
    let current = DEFAULT;
    const server = fakeServer({
      'admin.placingRules.get': () => ok(current),
      'admin.placingRules.set': ({ onePlacingPerAngler }) => {
        current = { onePlacingPerAngler, changedAt: '2026-12-05T05:10:00.000Z', changedBy: 'Pat Secretary' };
        return ok(current);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PlacingRulesCard />, server);
    const rule = (await screen.findByLabelText('One placing per angler per category')) as HTMLInputElement;
    expect(rule.checked).toBe(true);
    expect(screen.getByText("The club's default.")).toBeTruthy();

    await user.click(rule);
    await waitFor(() => expect((screen.getByLabelText('One placing per angler per category') as HTMLInputElement).checked).toBe(false));
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([
      ['admin.placingRules.set', { onePlacingPerAngler: false }],
    ]);
    expect(await screen.findByText('Last switched off by Pat Secretary on 05/12/2026.')).toBeTruthy();
    expect(screen.getByText('One placing per angler per category: off')).toBeTruthy();
  });

  it('keeps the rule as it was and says so when the server refuses', async () => {
    const server = fakeServer({
      'admin.placingRules.get': () => ok(DEFAULT),
      'admin.placingRules.set': () => trpcError(403, 'FORBIDDEN', 'Only club administrators can do that.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<PlacingRulesCard />, server);
    await user.click(await screen.findByLabelText('One placing per angler per category'));
    expect(await screen.findByText('Only club administrators can do that.')).toBeTruthy();
    expect((screen.getByLabelText('One placing per angler per category') as HTMLInputElement).checked).toBe(true);
  });
});
