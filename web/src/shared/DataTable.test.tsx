import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#test/render.tsx';
import { DataTable, SMALL_SCREEN_QUERY, type Column } from './DataTable.tsx';

interface Row {
  id: string;
  name: string;
  city: string;
}
const COLUMNS: Column<Row>[] = [
  { key: 'name', header: 'Name', render: (r) => r.name },
  { key: 'city', header: 'City', render: (r) => r.city },
];
const ROWS: Row[] = [
  { id: '1', name: 'Asha', city: 'Pune' },
  { id: '2', name: 'Ravi', city: 'Kochi' },
];

function smallScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === SMALL_SCREEN_QUERY,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

describe('DataTable', () => {
  it('is a table with a header row on wide screens', async () => {
    renderWithProviders(<DataTable label="People" rows={ROWS} columns={COLUMNS} rowKey={(r) => r.id} empty="None" />);
    const table = await screen.findByRole('table', { name: 'People' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['NameCity', 'AshaPune', 'RaviKochi']);
  });

  it('stacks one card per record, each value with its header, on small screens', async () => {
    smallScreen();
    renderWithProviders(<DataTable label="People" rows={ROWS} columns={COLUMNS} rowKey={(r) => r.id} empty="None" />);
    const list = await screen.findByRole('list', { name: 'People' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Name')).toBeTruthy();
    expect(within(cards[0]!).getByText('Asha')).toBeTruthy();
    expect(within(cards[1]!).getByText('Kochi')).toBeTruthy();
  });

  it('shows skeletons while the first page loads, and the empty text when there is nothing', async () => {
    const view = renderWithProviders(
      <DataTable label="People" rows={undefined} loading columns={COLUMNS} rowKey={(r) => r.id} empty="Nobody here" />,
    );
    // Named apart from the loaded list, so a reader of 'People' never reads the skeleton's rows.
    const table = await screen.findByRole('table', { name: 'People (loading)' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('table', { name: 'People' })).toBeNull();
    view.unmount();
    renderWithProviders(
      <DataTable label="People" rows={[]} columns={COLUMNS} rowKey={(r) => r.id} empty="Nobody here" />,
    );
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText('Nobody here')).toBeTruthy();
  });

  it('replaces the skeleton by the rows when the answer comes', async () => {
    const user = userEvent.setup({ delay: null });
    function Arriving() {
      const [rows, setRows] = useState<Row[] | undefined>(undefined);
      return (
        <>
          <button onClick={() => setRows(ROWS)}>Answer</button>
          <DataTable label="People" rows={rows} loading={!rows} columns={COLUMNS} rowKey={(r) => r.id} empty="None" />
        </>
      );
    }
    renderWithProviders(<Arriving />);
    await screen.findByRole('table', { name: 'People (loading)' });
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    const loaded = await screen.findByRole('table', { name: 'People' });
    expect(
      within(loaded)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['NameCity', 'AshaPune', 'RaviKochi']);
    expect(screen.queryByRole('table', { name: 'People (loading)' })).toBeNull();
    expect(screen.queryByText('None')).toBeNull();
  });

  it("keeps the previous filter's rows while the next answer comes, and says the list is busy", async () => {
    const user = userEvent.setup({ delay: null });
    // SWR's keepPreviousData: another filter's key is loading while the old rows are still handed on.
    function Refiltered() {
      const [state, setState] = useState<{ rows: Row[]; loading: boolean }>({ rows: ROWS, loading: false });
      return (
        <>
          <button onClick={() => setState({ rows: ROWS, loading: true })}>Filter</button>
          <button onClick={() => setState({ rows: ROWS.slice(1), loading: false })}>Answer</button>
          <DataTable label="People" {...state} columns={COLUMNS} rowKey={(r) => r.id} empty="None" />
        </>
      );
    }
    renderWithProviders(<Refiltered />);
    const table = () => screen.getByRole('table', { name: 'People' });
    await screen.findByRole('table', { name: 'People' });
    expect(table().getAttribute('aria-busy')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(table().getAttribute('aria-busy')).toBe('true');
    expect(within(table()).getByText('Asha')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(table().getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByText('Asha')).toBeNull();
  });

  it('pages through the shared pager', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderWithProviders(
      <DataTable
        label="People"
        rows={ROWS}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        empty="None"
        paging={{ page: 1, totalPages: 3, totalRecords: 6, onChange }}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
});
