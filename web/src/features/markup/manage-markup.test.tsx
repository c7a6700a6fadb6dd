import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getLeGroups } from '@tp/contracts/endpoints/groups';
import {
  deleteAirlineMarkup,
  getAirlineMarkups,
  getDefaultMarkups,
  saveAirlineMarkup,
  saveDefaultMarkup,
} from '@tp/contracts/endpoints/markup';
import type { TMarkupSetting } from '@tp/contracts/endpoints/markup';
import * as MSG from '@tp/contracts/messages';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { NO_MARKUPS } from './MarkupRules.tsx';

const GROUPS = [
  { id: 'g-default', groupName: 'Default', isDefault: true },
  { id: 'g-gold', groupName: 'B2B Gold', isDefault: false },
];
const base = { LEId: 'le-owner', updatedAt: '2026-11-22T10:00:00Z', discountType: 'fixed', discountValue: 0 } as const;

/** A fake server holding rules by group, so reloads after a change show it. */
function markupServer() {
  let rules: TMarkupSetting[] = [
    {
      ...base,
      markupId: 'm-def',
      groupId: 'g-default',
      groupName: 'Default',
      kind: 'default',
      markupType: 'fixed',
      markupValue: 150,
      applyPer: 'passenger',
    },
    {
      ...base,
      markupId: 'm-ai',
      groupId: 'g-default',
      groupName: 'Default',
      kind: 'airline',
      airlineCode: 'AI',
      markupType: 'percent',
      markupValue: 2,
      applyPer: 'booking',
    },
  ];
  const page = (kind: string) => (input: { groupId?: string }) => ({
    records: rules.filter((r) => r.kind === kind && r.groupId === input.groupId),
    nextCursor: null,
  });
  return fakeApi()
    .on(getLeGroups, GROUPS)
    .on(getDefaultMarkups, page('default'))
    .on(getAirlineMarkups, page('airline'))
    .on(saveAirlineMarkup, (input) => {
      const saved = {
        ...base,
        markupId: `m-${rules.length}`,
        groupName: GROUPS.find((g) => g.id === input.groupId)!.groupName,
        kind: 'airline',
        ...(input as object),
        airlineCode: String(input.airlineCode).toUpperCase(),
        markupValue: Number(input.markupValue),
        discountValue: Number(input.discountValue),
      } as TMarkupSetting;
      rules = [...rules, saved];
      return saved;
    })
    .on(saveDefaultMarkup, (input) => ({ ...rules[0]!, markupValue: Number(input.markupValue) }))
    .on(deleteAirlineMarkup, (input) => {
      rules = rules.filter((r) => r.markupId !== input.markupId);
      return { markupId: String(input.markupId) };
    });
}

async function open(path = '/flights/manage-markup', api = markupServer()) {
  renderApp(path, { user: staffUser(), api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('heading', { name: 'Manage Markup' });
  return { api, user };
}

describe('Manage Markup', { timeout: 20_000 }, () => {
  it("shows the default group's default airline markup", async () => {
    await open();
    const table = await screen.findByRole('table', { name: 'Default Airline Markup of Default' });
    expect(within(table).getByText('₹150.00 per passenger')).toBeTruthy();
    // One default rule per group: no Add button once it exists.
    expect(screen.queryByRole('button', { name: 'Add markup' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Customer Groups' })).toBeTruthy();
  });

  it('shows the empty state for a group without rules', async () => {
    const { user } = await open('/flights/manage-markup?tab=airline');
    await screen.findByRole('table', { name: 'Airline Specific Markup of Default' });
    await user.click(screen.getByRole('combobox', { name: 'Customer group' }));
    await user.click(await screen.findByRole('option', { name: 'B2B Gold', hidden: true }));
    expect(await screen.findByText(NO_MARKUPS)).toBeTruthy();
  });

  it('adds an airline-specific markup with validation, then deletes it after confirming', async () => {
    const { user, api } = await open('/flights/manage-markup?tab=airline');
    await screen.findByRole('table', { name: 'Airline Specific Markup of Default' });
    await user.click(screen.getByRole('button', { name: 'Add markup' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Airline Specific Markup' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findAllByText(MSG.required)).toHaveLength(2);
    expect(api.calls(saveAirlineMarkup)).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /Airline code/ }), '6e');
    await user.type(dialog.getByRole('textbox', { name: 'Markup' }), '120');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.settingSaved)).toBeTruthy();
    expect(api.calls(saveAirlineMarkup)[0]?.input).toMatchObject({
      groupId: 'g-default',
      airlineCode: '6E',
      markupType: 'fixed',
      markupValue: 120,
      applyPer: 'passenger',
    });
    const table = await screen.findByRole('table', { name: 'Airline Specific Markup of Default' });
    await waitFor(() => expect(within(table).getByText('6E')).toBeTruthy());

    await user.click(within(table).getByRole('button', { name: 'Delete Airline Specific Markup 6E' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Airline Specific Markup 6E?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).queryByText('6E')).toBeNull());
    expect(api.calls(deleteAirlineMarkup)[0]?.input).toEqual({ markupId: 'm-2' });
  });

  it('refuses a percentage over 100 before calling the server', async () => {
    const { user, api } = await open('/flights/manage-markup?tab=airline');
    await screen.findByRole('table', { name: 'Airline Specific Markup of Default' });
    await user.click(
      within(screen.getByRole('table')).getByRole('button', { name: 'Edit Airline Specific Markup AI' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Airline Specific Markup' }));
    const markup = dialog.getByRole('textbox', { name: 'Markup' });
    await user.clear(markup);
    await user.type(markup, '150');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Percentage cannot be more than 100')).toBeTruthy();
    expect(api.calls(saveAirlineMarkup)).toHaveLength(0);
  });
});
