import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#test/render.tsx';
import { DateField } from './DateField.tsx';

/** A form field as the screens hold it: ISO in state, every change reported. */
function Harness({ initial = '', minDate, onIso }: { initial?: string; minDate?: string; onIso: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Departure"
      value={value}
      minDate={minDate}
      onChange={(v) => {
        setValue(v);
        onIso(v);
      }}
    />
  );
}

describe('DateField', () => {
  it('shows an ISO value as dd/mm/yyyy and reports a typed dd/mm/yyyy as ISO', async () => {
    const onIso = vi.fn();
    renderWithProviders(<Harness initial="2030-12-01" onIso={onIso} />);
    const input = screen.getByLabelText('Departure') as HTMLInputElement;
    expect(input.value).toBe('01/12/2030');
    expect(input.placeholder).toBe('dd/mm/yyyy');

    fireEvent.change(input, { target: { value: '05/03/2031' } });
    expect(onIso).toHaveBeenLastCalledWith('2031-03-05');
    fireEvent.blur(input);
    expect(input.value).toBe('05/03/2031');
  });

  it('takes a day picked from the calendar', async () => {
    const user = userEvent.setup({ delay: null });
    const onIso = vi.fn();
    renderWithProviders(<Harness initial="2030-12-01" onIso={onIso} />);
    await user.click(screen.getByLabelText('Departure'));
    await user.click(await screen.findByRole('button', { name: '24 December 2030', hidden: true }));
    expect(onIso).toHaveBeenLastCalledWith('2030-12-24');
    expect((screen.getByLabelText('Departure') as HTMLInputElement).value).toBe('24/12/2030');
  });

  it('keeps its limits: a day before minDate is neither typed in nor offered', async () => {
    const user = userEvent.setup({ delay: null });
    const onIso = vi.fn();
    renderWithProviders(<Harness initial="2030-12-10" minDate="2030-12-05" onIso={onIso} />);
    const input = screen.getByLabelText('Departure') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '04/12/2030' } });
    expect(onIso).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(input.value).toBe('10/12/2030');
    await user.click(input);
    expect(
      (await screen.findByRole('button', { name: '4 December 2030', hidden: true })).hasAttribute('disabled'),
    ).toBe(true);
  });

  it("keeps a typed date that is no date in the field, with 'Invalid date format'", async () => {
    const user = userEvent.setup({ delay: null });
    const onIso = vi.fn();
    renderWithProviders(<Harness initial="2030-12-10" onIso={onIso} />);
    const input = screen.getByLabelText('Departure') as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '31/02/2031');
    await user.tab();
    expect(input.value).toBe('31/02/2031');
    expect(screen.getByText('Invalid date format')).toBeTruthy();
    expect(onIso).not.toHaveBeenCalled();
    // Typing a real day clears the message.
    await user.clear(input);
    await user.type(input, '28/02/2031');
    expect(screen.queryByText('Invalid date format')).toBeNull();
    expect(onIso).toHaveBeenLastCalledWith('2031-02-28');
  });

  it('ignores half-typed and impossible dates (no US month-first guess)', () => {
    const onIso = vi.fn();
    renderWithProviders(<Harness onIso={onIso} />);
    const input = screen.getByLabelText('Departure');
    for (const text of ['05/03/20', '31/02/2031', '13/13/2031']) fireEvent.change(input, { target: { value: text } });
    expect(onIso).not.toHaveBeenCalled();
  });
});
