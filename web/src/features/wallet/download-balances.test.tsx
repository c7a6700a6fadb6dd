import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getExport } from '@tp/contracts/endpoints/exports';
import { exportWalletBalances } from '@tp/contracts/endpoints/wallet';
import { fakeApi } from '#test/fake-api.ts';
import { exportJob, staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

describe('Download Balances', { timeout: 30_000 }, () => {
  it('starts the export job and offers the file by its link once it is ready', async () => {
    const fileName = 'wallet-balances-2026-11-29.xlsx';
    const api = fakeApi()
      .on(exportWalletBalances, exportJob({ kind: 'walletBalances', fileName }))
      .on(
        getExport,
        exportJob({ kind: 'walletBalances', fileName, status: 'ready', rowsDone: 23, url: '/exports/file?sig=x' }),
      );
    renderApp('/staff/downloadBalances', { user: staffUser(), api });
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Download Excel' }, { timeout: 10_000 }));
    await waitFor(() => expect(api.calls(exportWalletBalances)).toHaveLength(1));
    const link = await screen.findByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe('/exports/file?sig=x');
    expect(link.getAttribute('download')).toBe(fileName);
  });
});
