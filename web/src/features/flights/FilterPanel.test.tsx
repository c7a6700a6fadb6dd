import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_FILTERS, indexResults, liveCounts, type FlightFilters } from '@tp/domain/flight-filters';
import { renderWithProviders } from '#test/render.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { flightOption } from './test-fixtures.ts';

// Options 1, 2, 4, 5: direct and one-stop flights only (no option i % 7 === 0).
const OPTIONS = [1, 2, 3, 4, 5].map((i) => flightOption(i));
const INDEX = indexResults(OPTIONS);
const FACETS = INDEX.facets;

function setup(filters: FlightFilters = NO_FILTERS) {
  const onPatch = vi.fn();
  const onClear = vi.fn();
  renderWithProviders(
    <FilterPanel
      facets={FACETS}
      counts={liveCounts(INDEX, filters)}
      filters={filters}
      onPatch={onPatch}
      onClear={onClear}
    />,
  );
  return { onPatch, onClear, user: userEvent.setup() };
}

describe('FilterPanel', { timeout: 20_000 }, () => {
  it('offers Direct, 1 and 2 & more with their counts, an empty bucket disabled', async () => {
    const { onPatch, user } = setup();
    const stops = screen.getByRole('group', { name: 'Stops' });
    const boxes = within(stops).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.value)).toEqual(['1', '2', '3']);
    expect(stops.textContent).toContain('Direct (4)');
    expect(stops.textContent).toContain('1 (1)');
    expect(boxes[2]!.disabled).toBe(true);
    await user.click(within(stops).getByText('1'));
    expect(onPatch).toHaveBeenLastCalledWith({ stops: [2] });
  });

  it('counts follow the other filters: one airline ticked, the stops count only its flights', () => {
    const airline = OPTIONS[0]!.airlineCode;
    const mine = OPTIONS.filter((o) => o.airlineCode === airline);
    const direct = mine.filter((o) => o.segments[0]!.length === 1).length;
    expect(mine.length).toBeLessThan(OPTIONS.length);
    setup({ ...NO_FILTERS, airlines: [airline] });
    expect(screen.getByRole('group', { name: 'Stops' }).textContent).toContain(`Direct (${direct})`);
    // The airline section itself still counts every airline (ticking another widens the list).
    const airlines = screen.getByRole('group', { name: 'Airlines' }).textContent!;
    for (const a of FACETS.airlines) expect(airlines).toContain(`${a.label} (${a.count})`);
  });

  it('has no Clear Filters without onClear (the phone drawer has its own, by Apply)', () => {
    renderWithProviders(
      <FilterPanel facets={FACETS} counts={liveCounts(INDEX, NO_FILTERS)} filters={NO_FILTERS} onPatch={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it('sets a departure window from an hour to the end of the day', async () => {
    const { onPatch, user } = setup();
    await user.selectOptions(screen.getAllByLabelText('Departure from')[0]!, '22:00');
    expect(onPatch).toHaveBeenLastCalledWith({ time: { from: 22 * 60, to: 24 * 60 - 1 } });
  });

  it('shows the wrap past midnight for an end before the start', () => {
    setup({ ...NO_FILTERS, time: { from: 22 * 60, to: 2 * 60 } });
    expect(screen.getByText('Runs past midnight into the next day')).toBeTruthy();
  });

  it('shows the price range in rupees from the cheapest to the dearest published price', () => {
    setup();
    const price = screen.getByRole('group', { name: 'Price' });
    const lo = Math.min(...[1, 2, 3, 4, 5].map((i) => flightOption(i).publishedPrice));
    expect(price.textContent).toContain(`₹${lo.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    expect(screen.getByRole('slider', { name: 'Maximum price' })).toBeTruthy();
  });

  it('filters by fare type and clears everything', async () => {
    const { onPatch, onClear, user } = setup();
    await user.click(within(screen.getByRole('group', { name: 'Fare type' })).getByText('Non-Refundable'));
    expect(onPatch).toHaveBeenLastCalledWith({ fareType: 'nonRefundable' });
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onClear).toHaveBeenCalledOnce();
  });
});
