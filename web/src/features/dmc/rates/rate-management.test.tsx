import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DMC_MSG,
  changeTourOptionTicketRatePriority,
  getTourOptionPriceForQuotationBuilder,
  saveActivityTicketRates,
  saveTourOptionTransferRates,
} from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { dragToNewPriority } from '@tp/domain/dmc';
import { formatMoney } from '#shared/format.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { BURJ, GCC_RATE, L124, SEASON_RATE, dialog, dmcServer, pick, typeDay } from '../test-fixtures.ts';

/** Opens the screen on Burj Khalifa's level 124 option. */
async function open(server = dmcServer()) {
  renderApp('/staff/dmc_rate_management', { user: staffUser(), api: server.api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('heading', { name: 'Rate Management' });
  await pick(user, screen.getByRole('combobox', { name: 'Activity' }), '', 'Burj Khalifa');
  await pick(user, screen.getByRole('combobox', { name: 'Tour option' }), '', 'Level 124 off-peak');
  const tickets = await screen.findByRole('table', { name: 'Ticket rates' });
  return { ...server, user, tickets };
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('aria-label'));

describe('Rate Management', { timeout: 60_000 }, () => {
  it('lists ticket rates in priority order and reorders them with the keyboard buttons (newPriority bottom first)', async () => {
    const { api, user, tickets } = await open();
    await waitFor(() => expect(rowTexts(tickets)).toHaveLength(2));
    expect(rowTexts(tickets)[0]).toMatch(/^#1 India/);
    expect(rowTexts(tickets)[1]).toMatch(/^#2 GCC/);

    await user.click(within(tickets).getByRole('button', { name: /^Move India .* down$/ }));
    await waitFor(() => expect(api.calls(changeTourOptionTicketRatePriority)).toHaveLength(1));
    expect(api.calls(changeTourOptionTicketRatePriority)[0]!.input).toEqual({
      tourOptionId: SEASON_RATE.tourOptionId,
      newPriority: dragToNewPriority([SEASON_RATE.id, GCC_RATE.id], 0, 1),
    });
    // Bottom first: India, now at the bottom, leads the list sent.
    expect(api.calls(changeTourOptionTicketRatePriority)[0]!.input.newPriority).toEqual([SEASON_RATE.id, GCC_RATE.id]);
    expect(await screen.findByText(DMC_MSG.priorityChanged)).toBeTruthy();
    expect(rowTexts(tickets)[0]).toMatch(/^#1 GCC/);
    expect(within(tickets).getByRole('button', { name: /^Move GCC .* up$/ })).toHaveProperty('disabled', true);
  });

  it('flags an overlapping ticket rate before saving, and saves it on top', async () => {
    const { api, user } = await open();
    await user.click(screen.getByRole('button', { name: 'Add ticket rate' }));
    const form = await dialog('Add ticket rate');
    await pick(user, form.getByRole('combobox', { name: /^Market/ }), '', 'India (AED)');
    await user.type(form.getByRole('textbox', { name: /^Adult amount/ }), '150');
    await user.type(form.getByRole('textbox', { name: /^Child amount/ }), '120');
    expect(form.queryByText(DMC_MSG.overlapWarning(1))).toBeNull();
    typeDay(form.getByRole('textbox', { name: /^Valid from/ }), '2026-12-01');
    typeDay(form.getByRole('textbox', { name: /^Valid till/ }), '2026-12-31');
    expect(await form.findByText(DMC_MSG.overlapWarning(1))).toBeTruthy();
    expect(form.getByText(/^India ticket rate 01 Oct 2026 – 30 Sep 2027/)).toBeTruthy();
    expect(api.calls(saveActivityTicketRates)).toHaveLength(0);

    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveActivityTicketRates)).toHaveLength(1));
    expect(api.calls(saveActivityTicketRates)[0]!.input).toEqual({
      tourOptionId: SEASON_RATE.tourOptionId,
      marketId: 'dmc-mkt-india',
      adultAmount: 150,
      childAmount: 120,
      isPerPax: true,
      minPax: null,
      maxPax: null,
      validFromDate: '2026-12-01',
      validTillDate: '2026-12-31',
    });
  });

  it("refuses a PVT transfer rate without min and max pax, with the spec's two messages", async () => {
    const { api, user } = await open();
    await user.click(screen.getByRole('button', { name: 'Add transfer rate' }));
    const form = await dialog('Add transfer rate');
    await user.click(form.getByRole('radio', { name: 'PVT' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(MSG.minPaxPrivate)).toBeTruthy();
    expect(form.getByText(MSG.maxPaxPrivate)).toBeTruthy();
    expect(api.calls(saveTourOptionTransferRates)).toHaveLength(0);
  });

  it('keeps the choice in the address: a link opens the same tour option, its pickers named', async () => {
    const server = dmcServer();
    renderApp(`/staff/dmc_rate_management?activity=${BURJ.id}&option=${L124.id}`, {
      user: staffUser(),
      api: server.api,
    });
    const tickets = await screen.findByRole('table', { name: 'Ticket rates' });
    await waitFor(() => expect(rowTexts(tickets)).toHaveLength(2));
    expect(screen.getByRole('combobox', { name: 'Activity' })).toHaveProperty('value', BURJ.name);
    expect(screen.getByRole('combobox', { name: 'Tour option' })).toHaveProperty('value', L124.name);
  });

  it('prices the tour option through the rate engine call', async () => {
    const { api, user } = await open();
    const check = screen.getByRole('form', { name: 'Price check' });
    await user.clear(within(check).getByRole('textbox', { name: /^Children/ }));
    await user.type(within(check).getByRole('textbox', { name: /^Children/ }), '1');
    await user.click(within(check).getByRole('button', { name: 'Get price' }));
    const breakdown = await within(check).findByRole('table', { name: 'Price breakdown' });
    expect(within(breakdown).getByLabelText('Total price').textContent).toBe(formatMoney(473, 'AED'));
    expect(api.calls(getTourOptionPriceForQuotationBuilder)[0]!.input).toMatchObject({
      tourOptionId: SEASON_RATE.tourOptionId,
      adults: 2,
      children: 1,
      transferType: null,
    });
  });
});
