import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DMC_OPS_MSG,
  getDriverTransferJobSheet,
  updateTransferDoneByDriver,
} from '@tp/contracts/endpoints/dmc-operations';
import { failure, fakeApi } from '#test/fake-api.ts';
import { renderApp } from '#test/render.tsx';
import { defaultRange } from './dates.ts';
import { driverJob } from './test-fixtures.ts';

const TOKEN = 'a'.repeat(43);

function driverApi() {
  let job = driverJob();
  const api = fakeApi()
    .on(getDriverTransferJobSheet, () => ({ driverName: 'Ravi', dateRange: defaultRange(), transfers: [job] }))
    .on(updateTransferDoneByDriver, () => (job = { ...job, status: 'done', isCompleted: true }));
  return api;
}

describe('Driver page', { timeout: 60_000 }, () => {
  it('asks for today → tomorrow with the link, and marks a transfer done after a confirm', async () => {
    const api = driverApi();
    renderApp(`/dmc/driver/${TOKEN}`, { api });
    const card = await screen.findByRole('article', { name: 'Asha Rao' });
    expect(api.calls(getDriverTransferJobSheet)[0]!.input).toEqual({
      driverAccessToken: TOKEN,
      dateRange: defaultRange(),
    });
    expect(screen.getByRole('heading', { name: "Ravi's transfers" })).toBeTruthy();
    // The driver has no account here: the header offers no Login / Sign up.
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(within(card).getByText('2 adults, 1 child')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /Call/ }).getAttribute('href')).toBe('tel:+919800000001');

    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await user.click(within(card).getByRole('button', { name: /^Mark done/ }));
    const confirm = await screen.findByRole('dialog');
    expect(api.calls(updateTransferDoneByDriver)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Mark done' }));
    await waitFor(() =>
      expect(api.calls(updateTransferDoneByDriver).map((c) => c.input)).toEqual([
        { transferid: 'k1-accomodation-a1-pickup', driverAccessToken: TOKEN },
      ]),
    );
    expect(await within(card).findByText('Done')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /^Mark done/ })).toBeNull();
  });

  it('shows only the friendly message for a refused link', async () => {
    const api = fakeApi().on(getDriverTransferJobSheet, failure(403, DMC_OPS_MSG.linkNotValid));
    renderApp(`/dmc/driver/${TOKEN}`, { api });
    expect(await screen.findByText(DMC_OPS_MSG.linkNotValid)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /transfers/ })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
