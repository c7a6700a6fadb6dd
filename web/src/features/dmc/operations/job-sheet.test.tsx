import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  assignTransfersToDriver,
  checkTransferAssignment,
  getTransferJobSheet,
  updateTransferDriver,
  type TJobSheetRow,
  type TOpsDriver,
} from '@tp/contracts/endpoints/dmc-operations';
import { OPS_TEXT } from '@tp/domain/dmc';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { defaultRange } from './dates.ts';
import { jobRow } from './test-fixtures.ts';

const drivers: TOpsDriver[] = [
  { driverId: 'd1', driverName: 'Ravi', phone: '+971500000001', vehicleCapacity: 7 },
  { driverId: 'd2', driverName: 'Omar', phone: '+971500000002', vehicleCapacity: 3 },
];
const rows: TJobSheetRow[] = [
  jobRow(),
  jobRow({
    id: 'k2-activity-b1-pickup',
    customerName: 'Ben Cole',
    time: '09:30',
    pickupLocation: 'Rove Marina',
    paymentOverdue: true,
  }),
  jobRow({ id: 'k3-activity-c1-drop', customerName: 'Chen Li', time: '18:00', status: 'done', driverId: 'd1' }),
];
const empty = { assigned: [], refused: [], warnings: {} };

function sheetApi() {
  return fakeApi()
    .on(getTransferJobSheet, () => ({ dateRange: defaultRange(), transfers: rows, drivers }))
    .on(updateTransferDriver, ({ id, driverId }) => ({
      transfer: {
        ...rows.find((r) => r.id === id)!,
        driverId: typeof driverId === 'string' ? driverId : null,
        status: 'assigned' as const,
      },
      warnings: [],
    }))
    .on(assignTransfersToDriver, empty)
    .on(checkTransferAssignment, empty);
}

async function open(api = sheetApi()) {
  renderApp('/staff/dmc_job_sheet', { user: staffUser(), api });
  await screen.findByRole('table', { name: 'Transfers' });
  return { api, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

describe('Job sheet', { timeout: 60_000 }, () => {
  it('asks for today → tomorrow, by time, for every driver', async () => {
    const { api } = await open();
    expect(api.calls(getTransferJobSheet)[0]!.input).toEqual({ dateRange: defaultRange(), sortBy: 'time' });
    expect(await screen.findByText('Ben Cole')).toBeTruthy();
    // Only the quotation whose balance is past its day is flagged.
    const flagged = screen.getAllByText('Payment overdue', { exact: true });
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.closest('tr')!.textContent).toContain('Ben Cole');
  });

  it('names each job: quotation, service, hotel, lead guest, the leg’s own sharing and the driver’s vehicle', async () => {
    await open();
    const table = screen.getByRole('table', { name: 'Transfers' });
    const [, first, , done] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('Q-1042');
    expect(first!.textContent).toContain('Lead guest: Mrs Asha Rao');
    expect(first!.textContent).toContain('Rove Downtown');
    expect(first!.textContent).toContain('PVT (private)');
    expect(first!.textContent).not.toContain('both ways');
    // Chen Li's job has Ravi, whose van takes 7.
    expect(done!.textContent).toContain('Vehicle: 7 seats');
  });

  it('shows the conflict warnings before saving, and saves only after "Assign anyway"', async () => {
    const warning = OPS_TEXT.overlap('Omar', 'the 2030-05-01 09:30 transfer Rove Marina → Rove Downtown');
    const api = sheetApi().on(checkTransferAssignment, {
      ...empty,
      warnings: { [rows[0]!.id]: [{ code: 'overlap', message: warning, otherTransferIds: [rows[1]!.id] }] },
    });
    const { user } = await open(api);
    await user.selectOptions(screen.getByRole('combobox', { name: /^Driver for Asha Rao/ }), 'd2');
    const dialog = await screen.findByRole('dialog', { name: 'Assign Omar?' });
    expect(within(dialog).getByText(warning)).toBeTruthy();
    expect(api.calls(checkTransferAssignment).map((c) => c.input)).toEqual([{ ids: [rows[0]!.id], driverId: 'd2' }]);
    expect(api.calls(updateTransferDriver)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Assign anyway' }));
    await waitFor(() =>
      expect(api.calls(updateTransferDriver).map((c) => c.input)).toEqual([{ id: rows[0]!.id, driverId: 'd2' }]),
    );
  });

  it('assigns a driver without asking when the check finds nothing', async () => {
    const { api, user } = await open();
    await user.selectOptions(screen.getByRole('combobox', { name: /^Driver for Ben Cole/ }), 'd1');
    await waitFor(() =>
      expect(api.calls(updateTransferDriver).map((c) => c.input)).toEqual([{ id: rows[1]!.id, driverId: 'd1' }]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('bulk-assigns the selected transfers to one driver', async () => {
    const { api, user } = await open();
    expect(
      (screen.getByRole('checkbox', { name: /^Select Chen Li/ }) as HTMLInputElement).disabled,
      'a done transfer cannot be reassigned',
    ).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /^Select Asha Rao/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Select Ben Cole/ }));
    const bulk = screen.getByRole('region', { name: 'Bulk assignment' });
    await user.selectOptions(within(bulk).getByRole('combobox', { name: 'Driver for the selected' }), 'd1');
    await user.click(within(bulk).getByRole('button', { name: 'Assign 2' }));
    const chosen = { ids: [rows[0]!.id, rows[1]!.id], driverId: 'd1' };
    await waitFor(() => expect(api.calls(assignTransfersToDriver).map((c) => c.input)).toEqual([chosen]));
    expect(api.calls(checkTransferAssignment).map((c) => c.input)).toEqual([chosen]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk assignment' })).toBeNull());
  });
});
