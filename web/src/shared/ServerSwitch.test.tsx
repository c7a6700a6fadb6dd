import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#test/render.tsx';
import { ServerSwitch } from './ServerSwitch.tsx';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A parent that takes the server's word: the value changes only when the call succeeds. */
function Harness({ save }: { save: (next: boolean) => Promise<void> }) {
  const [value, setValue] = useState(false);
  return (
    <ServerSwitch label="Flight Hold" checked={value} onChange={(next) => save(next).then(() => setValue(next))} />
  );
}

describe('ServerSwitch', () => {
  it('does not flip before the server answers, then shows the new value', async () => {
    const user = userEvent.setup({ delay: null });
    const call = deferred();
    const save = vi.fn(() => call.promise);
    renderWithProviders(<Harness save={save} />);
    const input = screen.getByRole('switch', { name: 'Flight Hold' }) as HTMLInputElement;
    await user.click(input);
    expect(save).toHaveBeenCalledWith(true);
    expect(input.checked).toBe(false);
    expect(input.getAttribute('aria-busy')).toBe('true');
    // A second click while the call runs is ignored.
    await user.click(input);
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => call.resolve());
    await waitFor(() => expect(input.checked).toBe(true));
    expect(input.getAttribute('aria-busy')).toBeNull();
  });

  it('stays as it was when the server refuses', async () => {
    const user = userEvent.setup({ delay: null });
    const call = deferred();
    renderWithProviders(<Harness save={() => call.promise} />);
    const input = screen.getByRole('switch', { name: 'Flight Hold' }) as HTMLInputElement;
    await user.click(input);
    await act(async () => call.reject(new Error('refused')));
    await waitFor(() => expect(input.getAttribute('aria-busy')).toBeNull());
    expect(input.checked).toBe(false);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn(() => Promise.resolve());
    renderWithProviders(<Harness save={save} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('switch', { name: 'Flight Hold' }));
    await user.keyboard(' ');
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Flight Hold' }) as HTMLInputElement).checked).toBe(true),
    );
  });
});
