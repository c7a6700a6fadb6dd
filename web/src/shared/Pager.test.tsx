import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#test/render.tsx';
import { Pager } from './Pager.tsx';

describe('Pager', () => {
  it('is hidden for a single page', () => {
    renderWithProviders(<Pager page={1} totalPages={1} totalRecords={3} onChange={() => undefined} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('moves between pages with labelled controls', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Pager page={1} totalPages={3} totalRecords={45} onChange={onChange} />);
    expect(screen.getByText(/Page 1 of 3 · 45 in all/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
  });
});
