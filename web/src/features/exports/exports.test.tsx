import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getExport, listExports } from '@tp/contracts/endpoints/exports';
import { exportTickets, getTickets } from '@tp/contracts/endpoints/tickets';
import { fakeApi } from '#test/fake-api.ts';
import { exportJob, staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

describe('exports', { timeout: 30_000 }, () => {
  it('/staff/exports lists the user’s jobs: progress while under way, a link once ready, the failed marked', async () => {
    const api = fakeApi().on(listExports, {
      records: [
        exportJob({
          jobId: 'a'.repeat(24),
          fileName: 'tickets-tickets-2026-11-01.xlsx',
          status: 'running',
          rowsDone: 500,
          rowsTotal: 2000,
        }),
        exportJob({
          jobId: 'b'.repeat(24),
          kind: 'auditLog',
          fileName: 'audit-log-2026-11-01.xlsx',
          status: 'ready',
          rowsDone: 30,
          rowsTotal: 30,
          url: '/export-files/site/b.xlsx?expires=1&signature=x',
        }),
        exportJob({ jobId: 'c'.repeat(24), kind: 'enquiries', fileName: 'enquiries-all.xlsx', status: 'failed' }),
      ],
      nextCursor: null,
    });
    renderApp('/staff/exports', { user: staffUser(), api });
    const table = await screen.findByRole('table', { name: 'Your exports' });
    expect(within(table).getByText('500 of 2,000 rows')).toBeTruthy();
    expect(within(table).getByRole('progressbar', { name: 'Export of tickets-tickets-2026-11-01.xlsx' })).toBeTruthy();
    const link = within(table).getByRole('link', { name: 'Download audit-log-2026-11-01.xlsx' });
    expect(link.getAttribute('href')).toBe('/export-files/site/b.xlsx?expires=1&signature=x');
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(within(table).getByText('Audit log')).toBeTruthy();
  });

  it('says so when there is nothing yet', async () => {
    renderApp('/staff/exports', { user: staffUser(), api: fakeApi() });
    expect(await screen.findByText(/No exports yet/)).toBeTruthy();
  });

  it('a list’s Download Excel starts the job, shows its progress, then offers the file', async () => {
    const job = exportJob({ fileName: 'tickets-tickets-2026-11-01.xlsx' });
    const api = fakeApi()
      .on(getTickets, { records: [], totalRecords: 0, totalPages: 1, page: 1 })
      .on(exportTickets, job)
      .on(getExport, { ...job, status: 'running', rowsDone: 20, rowsTotal: 80 });
    renderApp('/flights/ticketQueue', { user: staffUser(), api });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Download Excel' }));
    expect(await screen.findByText('20 of 80 rows')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Your exports' }).getAttribute('href')).toMatch(
      /\/staff\/exports$/,
    );
    expect(api.calls(exportTickets)[0]!.input).toMatchObject({ queue: 'tickets' });
    expect(api.calls(exportTickets)[0]!.input).not.toHaveProperty('page');

    api.on(getExport, { ...job, status: 'ready', rowsDone: 80, rowsTotal: 80, url: '/export-files/s/j.xlsx?sig' });
    const download = await screen.findByRole('link', { name: 'Download' }, { timeout: 5000 });
    expect(download.getAttribute('download')).toBe('tickets-tickets-2026-11-01.xlsx');
  });
});
