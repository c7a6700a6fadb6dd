import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  KART_PAPER_MSG,
  answerSupplierRequest,
  getSharedVouchers,
  getSupplierRequest,
  type TSupplierRequestView,
  type TVoucherSet,
} from '@tp/contracts/endpoints/kart-paper';
import { failure, fakeApi } from '#test/fake-api.ts';
import { renderApp } from '#test/render.tsx';

const TOKEN = `dmc-kart-demo-voucher~acc-1~${'a'.repeat(43)}`;

const request = (over: Partial<TSupplierRequestView> = {}): TSupplierRequestView => ({
  reference: 'Q20261123-3FA9C1-H1',
  supplierName: 'Rove Downtown',
  service: 'Rove Downtown',
  details: ['Check-in 2026-12-10, check-out 2026-12-13', '2 adults'],
  leadGuest: 'Mr Arjun Sharma',
  status: 'requested',
  confirmationNumber: null,
  reason: null,
  expiresAt: '2026-12-04T10:00:00.000Z',
  answeredAt: null,
  requestedBy: { companyName: 'Flight Deals', adminContact: '+911140000000', adminEmail: 'ops@flightdeals.test' },
  ...over,
});

const vouchers: TVoucherSet = {
  quotationId: 'Q20261123-3FA9C1',
  kartName: 'Sharma family, Dubai',
  party: { leadGuest: 'Mr Arjun Sharma', adults: 2, child: 0, infant: 0, guests: ['Mr Arjun Sharma'] },
  issuer: { companyName: 'Flight Deals', logoUrl: '', adminContact: '+911140000000', adminEmail: 'ops@fd.test' },
  vouchers: [
    {
      reference: 'Q20261123-3FA9C1-H1',
      kind: 'hotel',
      lineId: 'acc-1',
      service: 'Rove Downtown',
      included: ['3 nights', '1 room: 1 × Double'],
      date: '2026-12-10',
      endDate: '2026-12-13',
      time: null,
      pickup: null,
      dropOff: null,
      supplier: { name: 'Rove Downtown', address: 'Al Sa’ada St', phone: '+97145616000' },
      confirmationNumber: 'ROVE-9921',
      cancellationTerms: KART_PAPER_MSG.cancellationTerms,
    },
  ],
};

describe('Supplier booking request page', { timeout: 60_000 }, () => {
  it('confirms with the number, once, and then shows what was sent', async () => {
    const api = fakeApi()
      .on(getSupplierRequest, () => request())
      .on(answerSupplierRequest, ({ confirmationNumber }) =>
        request({ status: 'confirmed', confirmationNumber, answeredAt: '2026-11-24T09:00:00.000Z' }),
      );
    renderApp(`/supplier-request/${TOKEN}`, { api });
    const card = await screen.findByRole('article', { name: 'Rove Downtown' });
    expect(within(card).getByText('Q20261123-3FA9C1-H1')).toBeTruthy();
    expect(within(card).getByText('Mr Arjun Sharma')).toBeTruthy();
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    // A number is needed before anything is sent.
    await user.click(within(card).getByRole('button', { name: 'Confirm the booking' }));
    expect(await within(card).findByText(KART_PAPER_MSG.numberRequired)).toBeTruthy();
    expect(api.calls(answerSupplierRequest)).toHaveLength(0);
    await user.type(within(card).getByRole('textbox', { name: /confirmation number/ }), 'ROVE-9921');
    await user.click(within(card).getByRole('button', { name: 'Confirm the booking' }));
    await waitFor(() =>
      expect(api.calls(answerSupplierRequest).map((c) => c.input)).toEqual([
        { token: TOKEN, decision: 'confirm', confirmationNumber: 'ROVE-9921', reason: '' },
      ]),
    );
    expect(await within(card).findByText('ROVE-9921')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Confirm the booking' })).toBeNull();
  });

  it('shows only the one sentence for a link that does not open', async () => {
    const api = fakeApi().on(getSupplierRequest, failure(410, KART_PAPER_MSG.linkExpired));
    renderApp(`/supplier-request/${TOKEN}`, { api });
    expect(await screen.findByText(KART_PAPER_MSG.linkExpired)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('Shared vouchers page', { timeout: 60_000 }, () => {
  it('prints each voucher with its reference, QR code and confirmation number', async () => {
    const api = fakeApi().on(getSharedVouchers, () => vouchers);
    renderApp('/quotation/slug123/vouchers', { api });
    const voucher = await screen.findByRole('article', { name: 'Hotel voucher: Rove Downtown' });
    expect(within(voucher).getByText('ROVE-9921')).toBeTruthy();
    expect(within(voucher).getByRole('img', { name: 'QR code of Q20261123-3FA9C1-H1' })).toBeTruthy();
    expect(within(voucher).getByText('13 Dec 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });
});
