import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCustomers } from '@tp/contracts/endpoints/customers';
import { changeApiCustomerRequestStatus, getApiCustomerRequests } from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import type { TApiCustomerRequest } from '@tp/contracts/endpoints/suppliers';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { apiRequest, page } from './test-fixtures.ts';

const decided = apiRequest({
  id: 'req-2',
  companyName: 'Partner Holidays',
  domain: 'partner.example.com',
  whitelabel_mongoDb_siteId: 'site-partner',
  requestStatus: 'Approved',
  decider: { firstName: 'Asha', lastName: 'Admin', email: 'admin@flightdeals.example.com' },
  requestDecidedAt: '2025-03-02T09:00:00.000Z',
});

async function openDialog(records: TApiCustomerRequest[], totalPages = 1) {
  const api = fakeApi()
    .on(getCustomers, page([]))
    .on(getApiCustomerRequests, (input) => ({
      records,
      totalRecords: records.length * totalPages,
      totalPages,
      page: Number(input.page),
    }))
    .on(changeApiCustomerRequestStatus, (input) => ({
      ...records.find((r) => r.id === input.requestId)!,
      requestStatus: input.newRequestStatus,
      decider: { firstName: 'Sam', lastName: 'Staff', email: 'sam@example.com' },
      requestDecidedAt: '2025-03-03T09:00:00.000Z',
    }));
  renderApp('/staff/customers', { user: staffUser(), api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await user.click(await screen.findByRole('button', { name: 'API Customer Requests' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'API Customer Requests', hidden: true }));
  return { api, user, dialog };
}

const rowOf = (dialog: ReturnType<typeof within>, name: RegExp) =>
  within(dialog.getByRole('row', { name, hidden: true }));

describe('API Customer Requests', { timeout: 20_000 }, () => {
  it('shows who decided a decided request, and no actions', async () => {
    const { dialog } = await openDialog([apiRequest(), decided]);
    const row = await waitFor(() => rowOf(dialog, /Partner Holidays/));
    expect(row.getByText('Approved')).toBeTruthy();
    expect(row.getByText(/by Asha Admin \(admin@flightdeals\.example\.com\)/)).toBeTruthy();
    expect(row.queryAllByRole('button', { hidden: true })).toHaveLength(0);
  });

  it('offers Approve and Reject on a pending request, without a pending label', async () => {
    const { dialog } = await openDialog([apiRequest()]);
    const row = await waitFor(() => rowOf(dialog, /SkyWay Travels/));
    expect(row.getByRole('button', { name: 'Approve SkyWay Travels (Flights)', hidden: true })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Reject SkyWay Travels (Flights)', hidden: true })).toBeTruthy();
    expect(row.queryByText(/Pending/)).toBeNull();
  });

  it('approves a request, says so, and then shows the decider', async () => {
    const { dialog, user, api } = await openDialog([apiRequest()]);
    await user.click(await dialog.findByRole('button', { name: 'Approve SkyWay Travels (Flights)', hidden: true }));
    expect(await screen.findByText(MSG.requestStatusChanged)).toBeTruthy();
    expect(api.calls(changeApiCustomerRequestStatus)[0]?.input).toEqual({
      newRequestStatus: 'Approved',
      requestId: 'req-1',
      consumerMongoSiteId: 'site-skyway',
    });
    await waitFor(() => expect(rowOf(dialog, /SkyWay Travels/).getByText(/by Sam Staff/)).toBeTruthy());
    expect(rowOf(dialog, /SkyWay Travels/).queryAllByRole('button', { hidden: true })).toHaveLength(0);
  });

  it("says 'No Requests found!' when there are none", async () => {
    const { dialog } = await openDialog([]);
    expect(await dialog.findByText(MSG.noRequests)).toBeTruthy();
  });

  it('asks for the next page', async () => {
    const { dialog, user, api } = await openDialog([apiRequest()], 2);
    await user.click(await dialog.findByRole('button', { name: 'Page 2', hidden: true }));
    await waitFor(() => expect(api.calls(getApiCustomerRequests).at(-1)?.input).toEqual({ page: '2' }));
  });
});
