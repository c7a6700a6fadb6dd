import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAirports } from '@tp/contracts/endpoints/master';
import type { CityOption } from '@tp/contracts/endpoints/master';
import * as MSG from '@tp/contracts/messages';
import { fakeApi } from '#test/fake-api.ts';
import { renderWithProviders } from '#test/render.tsx';
import { CityAutocomplete } from './CityAutocomplete.tsx';

const option = (code: string, city: string, airport: string): CityOption => ({
  id: code,
  city,
  country: 'India',
  countryCode: 'IN',
  cityCode: code,
  label: `${city} (${code})`,
  subTitle: `${airport}, India`,
  value: code,
});
const BOM = option('BOM', 'Mumbai', 'Chhatrapati Shivaji International Airport');
const IXE = option('IXE', 'Mangalore', 'Mangalore International Airport');

function setup(answer: (search: string) => CityOption[] | Promise<CityOption[]> = () => [BOM, IXE]) {
  const api = fakeApi().on(getAirports, (input) => answer(String(input.search)));
  const onChange = vi.fn();
  function Field() {
    const [value, setValue] = useState<CityOption | null>(null);
    return (
      <>
        <CityAutocomplete
          label="From"
          value={value}
          onChange={(v) => {
            onChange(v);
            setValue(v);
          }}
        />
        <button type="button">Next field</button>
      </>
    );
  }
  renderWithProviders(<Field />, { api });
  const input = screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
  return { api, onChange, input, user: userEvent.setup() };
}

// The dropdown sits in a portal that happy-dom keeps out of the accessibility tree (hidden: true).
const listed = () => screen.findByRole('option', { name: /Mumbai \(BOM\)/, hidden: true }, { timeout: 2000 });

describe('CityAutocomplete', { timeout: 10_000 }, () => {
  it('searches once, 500 ms after typing stops, and shows options as name then code', async () => {
    const { api, user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'From' }), 'mum');
    expect(api.calls(getAirports)).toHaveLength(0);
    expect(screen.getByLabelText('Searching')).toBeTruthy();
    const first = await listed();
    expect(first.textContent).toContain('Chhatrapati Shivaji International Airport, India');
    expect(api.calls(getAirports).map((c) => c.input)).toEqual([{ search: 'mum' }]);
  });

  it('picks the first option with Tab and moves on', async () => {
    const { onChange, input, user } = setup();
    await user.type(input, 'm');
    await listed();
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(BOM);
    expect(input.value).toBe('Mumbai (BOM)');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next field' }));
  });

  it('moves through the options with the arrow keys and picks with Enter', async () => {
    const { onChange, input, user } = setup();
    await user.type(input, 'm');
    await listed();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(IXE);
    expect(input.value).toBe('Mangalore (IXE)');
  });

  it('picks with a click, and clears the value when the text is edited again', async () => {
    const { onChange, input, user } = setup();
    await user.type(input, 'm');
    await user.click(await listed());
    expect(onChange).toHaveBeenLastCalledWith(BOM);
    await user.type(input, 'x');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input.value).toBe('Mumbai (BOM)x');
  });

  it("says 'No Reults found!' when nothing matches", async () => {
    const { user, input } = setup(() => []);
    await user.type(input, 'qqq');
    expect(await screen.findByText(MSG.noResults, {}, { timeout: 2000 })).toBeTruthy();
  });

  it('shows the error given by the form', () => {
    renderWithProviders(<CityAutocomplete label="To" value={null} onChange={() => undefined} error={MSG.required} />);
    expect(screen.getByText(MSG.required)).toBeTruthy();
  });

  it('follows values set from outside (swap, restored search) that carry only code and label', async () => {
    function Swap() {
      const [value, setValue] = useState<{ value: string; label: string } | null>({ value: 'DEL', label: 'DEL' });
      return (
        <>
          <CityAutocomplete label="To" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue({ value: 'DEL', label: 'Delhi (DEL)' })}>
            Name it
          </button>
          <button type="button" onClick={() => setValue(BOM)}>
            Swap
          </button>
        </>
      );
    }
    renderWithProviders(<Swap />);
    const input = screen.getByRole('textbox', { name: 'To' }) as HTMLInputElement;
    expect(input.value).toBe('DEL');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Name it' }));
    expect(input.value).toBe('Delhi (DEL)');
    await user.click(screen.getByRole('button', { name: 'Swap' }));
    expect(input.value).toBe('Mumbai (BOM)');
  });

  it('shows the label of a value set from outside', async () => {
    renderWithProviders(<CityAutocomplete label="To" value={BOM} onChange={() => undefined} />);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'To' }) as HTMLInputElement).value).toBe('Mumbai (BOM)'),
    );
  });
});
