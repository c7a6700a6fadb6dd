import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getItinerariesByDate, type TCustomerDay } from '@tp/contracts/endpoints/kart';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { officeToday } from './dates.ts';

const day: TCustomerDay = {
  kartId: 'k1',
  kartName: 'Dubai 4N',
  customerName: 'Asha Rao',
  customerPhone: '+919800000001',
  adults: 2,
  child: 1,
  infant: 0,
  items: [
    { kind: 'inHouse', time: null, title: 'Rove Downtown', detail: 'Night 2 of 4' },
    { kind: 'transfer', time: '09:00', title: 'Pickup', detail: 'Rove Downtown → Desert Camp', transferId: 't1' },
    { kind: 'activity', time: '09:30', title: 'Desert Safari', detail: 'Evening with BBQ' },
  ],
};

describe('Datewise itineraries', { timeout: 60_000 }, () => {
  it("shows every customer's day for the office's today, and asks again for a chosen date", async () => {
    const api = fakeApi().on(getItinerariesByDate, ({ date }) => (date === officeToday() ? [day] : []));
    renderApp('/staff/dmc-datewise-itineraries', { user: staffUser(), api });
    const block = await screen.findByRole('article', { name: 'Asha Rao' });
    const rows = within(within(block).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'TimeWhatDetails',
      '—In houseRove DowntownNight 2 of 4',
      '09:00TransferPickupRove Downtown → Desert Camp',
      '09:30ActivityDesert SafariEvening with BBQ',
    ]);
    expect(within(block).getByText(/^2 adults, 1 child/)).toBeTruthy();
    expect(within(block).getByRole('link', { name: '+919800000001' }).getAttribute('href')).toBe('tel:+919800000001');

    // happy-dom has no window.print.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    const field = screen.getByRole('textbox', { name: 'Date' });
    await user.clear(field);
    await user.type(field, '01/01/2031{Enter}');
    await waitFor(() => expect(api.calls(getItinerariesByDate).at(-1)!.input).toEqual({ date: '2031-01-01' }));
    expect(await screen.findByText('No customer has a service on this date')).toBeTruthy();
  });
});
