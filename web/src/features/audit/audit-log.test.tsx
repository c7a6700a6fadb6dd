import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AUDIT_MSG,
  exportAuditLog,
  getAuditLog,
  getRecordHistory,
  type TAuditLogEntry,
} from '@tp/contracts/endpoints/audit';
import { fakeApi } from '#test/fake-api.ts';
import { exportJob, staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const entry = (over: Partial<TAuditLogEntry> = {}): TAuditLogEntry => ({
  entity: 'markup',
  id: 'm1',
  at: '2026-11-23T10:00:00.000Z',
  action: 'update',
  by: { userId: 'u1', name: 'Asha Admin', email: 'asha@example.com' },
  before: { airlineCode: 'QR', markupValue: 100 },
  after: { airlineCode: 'QR', markupValue: 150 },
  changes: [{ field: 'markupValue', before: 100, after: 150 }],
  ...over,
});
const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

describe('/staff/audit', { timeout: 30_000 }, () => {
  it('lists entries, sends the filters, opens an entry and its record history', async () => {
    const { entity: _e, id: _i, ...historyEntry } = entry();
    const api = fakeApi()
      .on(getAuditLog, { records: [entry()], nextCursor: null })
      .on(getRecordHistory, { records: [historyEntry], nextCursor: null });
    renderApp('/staff/audit', { user: staffUser(), api });
    const user = setup();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Asha Admin');
    expect(within(table).getByText('Markup: QR')).toBeTruthy();
    expect(within(table).getByText('markupValue')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Change' }));
    await user.click(await screen.findByRole('option', { name: 'Blocked', hidden: true }));
    await waitFor(() => expect(api.calls(getAuditLog).at(-1)!.input).toMatchObject({ action: 'block' }));

    await user.click(within(table).getByRole('button', { name: /^Details of the change to Markup m1/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Change details' });
    const field = within(drawer).getByRole('row', { name: /markupValue/ });
    expect(within(field).getByText('100')).toBeTruthy();
    expect(within(field).getByText('150')).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'History of Markup m1' }));
    const history = await screen.findByRole('dialog', { name: 'History of Markup m1' });
    await within(history).findByText(/by Asha Admin/);
    expect(api.calls(getRecordHistory)[0]!.input).toMatchObject({ entity: 'markup', id: 'm1' });
  });

  it('refuses an end date before the start without a call; the export waits for a valid filter', async () => {
    const api = fakeApi()
      .on(getAuditLog, { records: [], nextCursor: null })
      .on(exportAuditLog, exportJob({ kind: 'auditLog', fileName: 'audit-log.xlsx' }));
    renderApp('/staff/audit?entity=user&fromDate=2026-11-10&toDate=2026-11-01', { user: staffUser(), api });
    expect(await screen.findByText(AUDIT_MSG.toBeforeFrom)).toBeTruthy();
    expect(api.calls(getAuditLog)).toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Download Excel' }) as HTMLButtonElement).disabled).toBe(true);
    await setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(api.calls(getAuditLog)).toHaveLength(1));
    await setup().click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(api.calls(exportAuditLog)).toHaveLength(1));
    expect(api.calls(exportAuditLog)[0]!.input).toEqual({});
  });

  it('shows nothing but the permission notice to staff without audit.view', async () => {
    const api = fakeApi();
    renderApp('/staff/audit', { user: staffUser(), api, permissions: ['customers.view'] });
    await screen.findByRole('heading', { name: 'Audit log' });
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Audit log' })).toBeNull());
    expect(api.calls(getAuditLog)).toHaveLength(0);
  });
});
