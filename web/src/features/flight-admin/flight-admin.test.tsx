import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addSupplierDeposit,
  applyTboRefunds,
  getFlightSettings,
  getSupplierAccounts,
  getSupplierProfitLoss,
  getSupplierStatement,
  previewTboRefunds,
  saveFlightSettings,
  testFlightSupply,
  type TFlightSettingsView,
  type TProfitRow,
  type TRefundRowResult,
} from '@tp/contracts/endpoints/flight-admin';
import { SUPPLY_MSG } from '@tp/contracts/endpoints/flights';
import * as MSG from '@tp/contracts/messages';
import { fakeApi, failure } from '#test/fake-api.ts';
import { staffUser, testSite } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { parseRefundSheet } from './refund-sheet.ts';

const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

const tboView: TFlightSettingsView = {
  supply: {
    kind: 'tbo',
    baseUrl: 'https://tbo.example.com',
    clientIdSet: true,
    userNameSet: true,
    userNameLast4: 'user',
    passwordSet: true,
  },
  suppliedBy: null,
  simulatorAllowed: true,
  lookToBook: { ratio: 500, freeLooks: 300 },
  holdsOffered: true,
  payment: { active: 'sandbox', sandboxAllowed: true, isSandbox: true, phonepe: null },
  updatedAt: '2026-11-20T10:00:00Z',
};

describe('Flight Settings', { timeout: 20_000 }, () => {
  it('never shows stored secrets, saves blanks as "keep", and tests the connection', async () => {
    const api = fakeApi()
      .on(getFlightSettings, tboView)
      .on(saveFlightSettings, (input) => ({ ...tboView, lookToBook: input.lookToBook as never }))
      .on(testFlightSupply, { ok: true, message: 'Connected', agencyBalance: { amount: 125000, currency: 'INR' } });
    renderApp('/staff/flightSettings', { user: staffUser(), api });
    const user = setup();
    const password = await screen.findByLabelText('Password', {}, { timeout: 5000 });
    expect((password as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Stored (…user); leave blank to keep it')).toBeTruthy();
    expect((screen.getByLabelText(/API base URL/) as HTMLInputElement).value).toBe('https://tbo.example.com');

    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/Connected · Agency balance ₹1,25,000/)).toBeTruthy();

    const ratio = screen.getByRole('textbox', { name: 'Searches per booking' });
    await user.clear(ratio);
    await user.type(ratio, '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveFlightSettings)).toHaveLength(1));
    expect(api.calls(saveFlightSettings)[0]!.input).toEqual({
      supply: { kind: 'tbo', baseUrl: 'https://tbo.example.com', clientId: '', userName: '', password: '' },
      payment: { kind: 'sandbox' },
      lookToBook: { ratio: 40, freeLooks: 300 },
      holdsOffered: true,
    });
  });

  it('offers no sandbox where the stage forbids it, and sends PhonePe credentials once', async () => {
    const view: TFlightSettingsView = {
      ...tboView,
      payment: {
        active: 'phonepe',
        sandboxAllowed: false,
        isSandbox: false,
        phonepe: { clientIdSet: true, clientSecretSet: true, clientVersion: 3, env: 'PRODUCTION', callbackSet: false },
      },
    };
    const api = fakeApi().on(getFlightSettings, view).on(saveFlightSettings, view);
    renderApp('/staff/flightSettings', { user: staffUser(), api });
    const user = setup();
    const gateway = await screen.findByRole('radiogroup', { name: 'Payment gateway' }, { timeout: 5000 });
    expect(within(gateway).queryByLabelText('Sandbox')).toBeNull();
    expect(screen.getByText('This stage takes real payments only: the sandbox gateway is not offered.')).toBeTruthy();
    const secret = screen.getByLabelText('PhonePe client secret') as HTMLInputElement;
    expect(secret.value).toBe('');
    await user.type(secret, 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveFlightSettings)).toHaveLength(1));
    expect(api.calls(saveFlightSettings)[0]!.input).toMatchObject({
      payment: {
        kind: 'phonepe',
        clientId: '',
        clientSecret: 'new-secret',
        clientVersion: 3,
        env: 'PRODUCTION',
        callbackUsername: '',
        callbackPassword: '',
      },
    });
  });

  it('tells a supplied site who supplies it and sends no source', async () => {
    const api = fakeApi()
      .on(getFlightSettings, {
        ...tboView,
        supply: { kind: 'simulator' },
        suppliedBy: { siteId: 's', name: 'Flight Deals' },
      })
      .on(saveFlightSettings, tboView);
    renderApp('/staff/flightSettings', { user: staffUser(), api });
    const user = setup();
    expect(await screen.findByText('Supplied by Flight Deals')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Supply source' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: /Offer holds/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveFlightSettings)).toHaveLength(1));
    expect(api.calls(saveFlightSettings)[0]!.input).toEqual({
      payment: { kind: 'sandbox' },
      lookToBook: { ratio: 500, freeLooks: 300 },
      holdsOffered: false,
    });
  });

  it('tells staff on a stage without the simulator what to configure, and saves without a source', async () => {
    const api = fakeApi()
      .on(getFlightSettings, { ...tboView, supply: { kind: 'simulator' }, simulatorAllowed: false })
      .on(saveFlightSettings, tboView);
    renderApp('/staff/flightSettings', { user: staffUser(), api });
    const user = setup();
    expect(await screen.findByText('No flight supplier')).toBeTruthy();
    expect(screen.getByText(SUPPLY_MSG.unavailableStaff)).toBeTruthy();
    // "None" instead of the simulator, and none of its knobs.
    const source = within(screen.getByRole('radiogroup', { name: 'Supply source' }));
    expect(source.getByRole('radio', { name: 'None' })).toBeTruthy();
    expect(source.queryByRole('radio', { name: 'Simulator' })).toBeNull();
    expect(screen.queryByLabelText(/Latency/)).toBeNull();
    await user.click(screen.getByRole('switch', { name: /Offer holds/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveFlightSettings)).toHaveLength(1));
    expect(api.calls(saveFlightSettings)[0]!.input).not.toHaveProperty('supply');
  });

  it('refuses bad values with the contract’s messages on their fields and sends nothing', async () => {
    const api = fakeApi().on(getFlightSettings, tboView).on(saveFlightSettings, tboView);
    renderApp('/staff/flightSettings', { user: staffUser(), api });
    const user = setup();
    const baseUrl = await screen.findByLabelText(/API base URL/, {}, { timeout: 5000 });
    await user.clear(baseUrl);
    await user.type(baseUrl, 'ftp://tbo.example.com');
    const ratio = screen.getByRole('textbox', { name: 'Searches per booking' });
    await user.clear(ratio);
    await user.type(ratio, '0');
    await user.tab();
    // Kept as typed: the contract refuses it rather than the input changing it.
    expect((ratio as HTMLInputElement).value).toBe('0');
    await user.clear(screen.getByRole('textbox', { name: 'Free searches' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least 1 search per booking')).toBeTruthy();
    expect(screen.getByText('Enter the API base URL (https://…)')).toBeTruthy();
    expect(screen.getByText(MSG.required)).toBeTruthy();
    expect(api.calls(saveFlightSettings)).toHaveLength(0);
  });

  it('shows the server’s field errors next to the fields', async () => {
    const api = fakeApi()
      .on(getFlightSettings, { ...tboView, supply: { kind: 'simulator' } })
      .on(
        saveFlightSettings,
        failure(400, 'Enter it once', {
          shortError: { 'supply.password': 'Enter it once; it is kept and never shown again' },
        }),
      );
    renderApp('/staff/flightSettings', { user: staffUser(), api });
    const user = setup();
    await screen.findByRole('heading', { name: 'Flight Settings' }, { timeout: 5000 });
    await user.click(await screen.findByText('TBO-style API'));
    await user.type(screen.getByLabelText(/API base URL/), 'https://tbo.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter it once; it is kept and never shown again')).toBeTruthy();
  });
});

const row = (i: number, over: Partial<TProfitRow> = {}): TProfitRow => ({
  bookingId: `B${i}`,
  pnr: `PNR00${i}`,
  bookedAt: '2026-11-10T08:00:00Z',
  travelDate: '2026-12-01T09:00:00',
  customer: 'Asha Rao <asha@x.in>',
  customerType: 'travelAgent',
  airlineCode: '6E',
  sector: 'DEL-BOM',
  status: 'Ticketed',
  supplier: 'simulator',
  currency: 'INR',
  netFare: 9000,
  markup: 300,
  gstOnMarkup: 54,
  commissionEarned: 200,
  commissionPassed: 100,
  tds: 2,
  discount: 0,
  txnFee: 20,
  customerPaid: 9456,
  profit: 400,
  ...over,
});

describe('Supplier Profit & Loss', { timeout: 20_000 }, () => {
  it('shows rows and totals, sends the filters on Apply and pages on the server', async () => {
    const api = fakeApi().on(getSupplierProfitLoss, (input) => ({
      records: [row(Number(input.page) * 10), row(Number(input.page) * 10 + 1)],
      page: Number(input.page),
      pageSize: 20,
      totalRecords: 42,
      totalPages: 3,
      totals: { ...row(0), bookings: 42, profit: 16800, markup: 12600 },
    }));
    renderApp('/staff/supplierProfitLoss', { user: staffUser(), api });
    const user = setup();
    await screen.findByRole('heading', { name: 'Supplier Profit & Loss' }, { timeout: 5000 });
    const table = await screen.findByRole('table', { name: 'Profit and loss by booking' });
    expect(await within(table).findByText('PNR0010')).toBeTruthy();
    expect(screen.getByTestId('total-profit').textContent).toBe('₹16,800.00');

    await user.type(screen.getByRole('textbox', { name: 'Airline code' }), 'ai');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.calls(getSupplierProfitLoss).at(-1)!.input).toMatchObject({ airlineCode: 'AI', page: 1 }),
    );

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(table).findByText('PNR0020')).toBeTruthy();
    expect(api.calls(getSupplierProfitLoss).at(-1)!.input).toMatchObject({ page: 2, airlineCode: 'AI' });
  });

  it('says so when nothing matches', async () => {
    const api = fakeApi().on(getSupplierProfitLoss, {
      records: [],
      page: 1,
      pageSize: 20,
      totalRecords: 0,
      totalPages: 1,
      totals: { ...row(0), bookings: 0 },
    });
    renderApp('/staff/supplierProfitLoss', { user: staffUser(), api });
    expect(await screen.findByText('No ticketed bookings match these filters.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download Excel' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Supplier Wallets', { timeout: 20_000 }, () => {
  it('lists accounts with balances, shows a statement and records a deposit once per dialog', async () => {
    const api = fakeApi()
      .on(getSupplierAccounts, {
        accounts: [
          {
            supplier: 'tbo',
            label: 'TBO (own account)',
            isCurrent: true,
            currency: 'INR',
            deposits: 100000,
            consumption: 25000,
            balance: 75000,
            ticketedBookings: 3,
          },
        ],
        liveBalance: { supplier: 'tbo', amount: 74000, currency: 'INR' },
      })
      .on(getSupplierStatement, (input) => ({
        supplier: String(input.supplier),
        currency: 'INR',
        openingBalance: 0,
        closingBalance: 75000,
        records: [
          {
            id: 'd1',
            date: '2026-11-02',
            kind: 'deposit' as const,
            reference: 'UTR1',
            description: 'Deposit',
            amount: 100000,
            balance: 100000,
          },
          {
            id: 'b1',
            date: '2026-11-03T10:00:00Z',
            kind: 'booking' as const,
            reference: 'PNR1',
            description: 'Booking',
            amount: -25000,
            balance: 75000,
          },
        ],
        page: 1,
        pageSize: 25,
        totalRecords: 2,
        totalPages: 1,
      }))
      .on(addSupplierDeposit, (input) => ({
        line: {
          id: 'x',
          date: String(input.date),
          kind: 'deposit' as const,
          reference: String(input.reference),
          description: 'Deposit',
          amount: Number(input.amount),
        },
        duplicate: false,
      }));
    renderApp('/staff/supplierWallets', { user: staffUser(), api });
    const user = setup();
    const accounts = await screen.findByRole('table', { name: 'Supplier accounts' }, { timeout: 5000 });
    expect(within(accounts).getByText(/₹75,000\.00/)).toBeTruthy();
    expect(screen.getByText('₹74,000.00')).toBeTruthy();
    const statement = await screen.findByRole('table', { name: 'Statement of TBO (own account)' });
    expect(await within(statement).findByText('UTR1')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Record deposit with TBO (own account)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record deposit' }));
    await user.click(dialog.getByRole('button', { name: 'Record' }));
    expect(api.calls(addSupplierDeposit)).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: /Amount/ }), '5000');
    await user.type(dialog.getByRole('textbox', { name: /Reference/ }), 'NEFT9');
    await user.click(dialog.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(api.calls(addSupplierDeposit)).toHaveLength(1));
    expect(api.calls(addSupplierDeposit)[0]!.input).toMatchObject({
      supplier: 'tbo',
      amount: 5000,
      reference: 'NEFT9',
    });
    expect(String(api.calls(addSupplierDeposit)[0]!.input.requestId)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

describe('test-host screens', { timeout: 20_000 }, () => {
  it('are not offered on a site that is not a test host', async () => {
    renderApp('/staff/tboRefundExcelImport', { user: staffUser(), site: testSite({ isTestHost: false }) });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'TBO Refund Import' })).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeTruthy();
  });

  it('TBO refund import: reads the sheet, previews each row and credits the matched ones', async () => {
    const result = (line: number, outcome: TRefundRowResult['outcome'], message: string): TRefundRowResult => ({
      line,
      pnr: 'ABC123',
      ticketNumber: `09800${line}`,
      outcome,
      message,
      bookingId: 'B1',
      changeRequestId: 'CR1',
      customer: 'asha@x.in',
      amount: 4200,
    });
    const api = fakeApi()
      .on(previewTboRefunds, {
        rows: [result(2, 'ready', 'Will be credited'), result(3, 'unmatched', 'No booking with this PNR')],
      })
      .on(applyTboRefunds, {
        rows: [result(2, 'credited', 'Credited ₹4,200.00'), result(3, 'unmatched', 'No booking')],
        credited: 1,
      });
    renderApp('/staff/tboRefundExcelImport', { user: staffUser(), site: testSite({ isTestHost: true }), api });
    const user = setup();
    await screen.findByRole('heading', { name: 'TBO Refund Import' });
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Refunds');
    sheet.addRow(['PNR', 'Ticket No', 'Refund Amount', 'Cancellation Charge', 'Credit Note No']);
    sheet.addRow(['ABC123', '098002', 4200, 1800, 'CN1']);
    sheet.addRow(['ZZZ999', '098003', 100, 0, '']);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const file = new File([bytes], 'refunds.xlsx');
    Object.defineProperty(file, 'arrayBuffer', { value: async () => bytes.buffer });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, file);
    const table = await screen.findByRole('table', { name: 'Refund statement rows' });
    expect(within(table).getByText('Will be credited')).toBeTruthy();
    expect(within(table).getByText('No booking with this PNR')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Credit 1 matched refund' }));
    expect(await within(table).findByText('Credited ₹4,200.00')).toBeTruthy();
    expect(api.calls(applyTboRefunds)[0]!.input).toMatchObject({
      rows: [
        {
          line: 2,
          pnr: 'ABC123',
          ticketNumber: '098002',
          refundAmount: 4200,
          cancellationCharge: 1800,
          creditNoteNo: 'CN1',
        },
        { line: 3, pnr: 'ZZZ999' },
      ],
    });
    expect(screen.queryByRole('button', { name: /Credit \d matched/ })).toBeNull();
  });
});

describe('parseRefundSheet', () => {
  it('names the missing columns of a wrong file', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    book.addWorksheet('x').addRow(['PNR', 'Amount']);
    const out = await parseRefundSheet((await book.xlsx.writeBuffer()) as ArrayBuffer);
    expect(out.problem).toBe('Missing columns: Ticket Number, Refund Amount');
    expect((await parseRefundSheet(new TextEncoder().encode('not excel').buffer)).problem).toMatch(/not an Excel/);
  });
});
