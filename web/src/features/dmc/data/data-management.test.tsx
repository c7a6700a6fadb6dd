import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DMC_MSG, exportDmcData, importDmcData } from '@tp/contracts/endpoints/dmc';
import { getExport } from '@tp/contracts/endpoints/exports';
import { ALL_PERMISSION_KEYS } from '@tp/contracts/permissions';
import { failure } from '#test/fake-api.ts';
import { exportJob, staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { dmcServer } from '../test-fixtures.ts';

/** An .xlsx is a zip: its bytes start "PK\x03\x04" (base64 "UEsDB…"). */
const workbook = () => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])], 'rates.xlsx');

/** Mantine's FileInput is a button over a hidden file input. */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

async function open(server = dmcServer(), permissions?: string[]) {
  renderApp('/staff/dmc-data-management', {
    user: staffUser(),
    api: server.api,
    ...(permissions ? { permissions } : {}),
  });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('heading', { name: 'DMC Data' });
  return { ...server, user };
}

describe('DMC Data', { timeout: 60_000 }, () => {
  it('shows how many records each master holds, and downloads the workbook', async () => {
    const server = dmcServer();
    const job = exportJob({ kind: 'dmcData', fileName: 'dmc-data.xlsx' });
    server.api.on(exportDmcData, job);
    server.api.on(getExport, { ...job, status: 'ready', rowsDone: 40, rowsTotal: 40, url: '/export-files/x.xlsx' });
    const { api, user } = await open(server);
    const counts = await screen.findByLabelText('Records per master');
    expect(within(counts).getByText('Ticket rates').nextElementSibling?.textContent).toBe('2');
    expect(within(counts).getByText('Activities').nextElementSibling?.textContent).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Download .xlsx' }));
    // The export runs in the background; its ready job offers the file by its signed link.
    const link = await screen.findByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe('/export-files/x.xlsx');
    expect(link.getAttribute('download')).toBe('dmc-data.xlsx');
    expect(api.calls(exportDmcData)).toHaveLength(1);
  });

  it('lists every problem of a refused import by sheet and row, and says nothing was written', async () => {
    const server = dmcServer();
    server.api.on(
      importDmcData,
      failure(400, DMC_MSG.importRefused(2), {
        shortError: {
          'Ticket rates row 4: adultAmount': 'Must be at least 0',
          'Activities row 2: cityId': 'This is required field.',
        },
      }),
    );
    const { api, user } = await open(server);
    await user.upload(fileInput(), workbook());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const problems = await screen.findByRole('table', { name: 'Problems in the workbook' });
    const rows = within(problems)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['Activities2cityIdThis is required field.', 'Ticket rates4adultAmountMust be at least 0']);
    expect(screen.getAllByText(DMC_MSG.importRefused(2)).length).toBeGreaterThan(0);
    expect(api.calls(importDmcData)[0]!.input).toEqual({ file: 'UEsDBBQAAAA=', dryRun: false });
  });

  it('checks a workbook without writing (dry run) and shows what it would do per sheet', async () => {
    const server = dmcServer();
    server.api.on(importDmcData, (input) => ({
      dryRun: input.dryRun ?? false,
      sheets: { Activities: { created: 3, updated: 1, unchanged: 19 } },
    }));
    const { api, user } = await open(server);
    await user.upload(fileInput(), workbook());
    await user.click(screen.getByRole('button', { name: 'Check only' }));
    const summary = await screen.findByRole('table', { name: 'Rows per sheet' });
    expect(within(summary).getByRole('row', { name: /Activities/ }).textContent).toBe('Activities3119');
    expect(api.calls(importDmcData)[0]!.input).toMatchObject({ dryRun: true });
  });

  it('offers the import only with its own permission', async () => {
    await open(
      dmcServer(),
      ALL_PERMISSION_KEYS.filter((k) => k !== 'dmc.importData'),
    );
    expect(await screen.findByText(/needs the “Import DMC masters and rates” permission/)).toBeTruthy();
    expect(screen.queryByLabelText('Workbook (.xlsx)')).toBeNull();
  });
});
