import { describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard.ts';
import * as notify from '#lib/notify.ts';

describe('copyText', () => {
  it('writes to the clipboard and confirms', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const ok = vi.spyOn(notify, 'toastSuccess').mockImplementation(() => undefined);
    expect(await copyText('ABC')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('ABC');
    expect(ok).toHaveBeenCalledWith('Copied to clipboard');
  });

  it('falls back to a selected textarea when the clipboard API is refused', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    vi.spyOn(notify, 'toastSuccess').mockImplementation(() => undefined);
    expect(await copyText('ABC')).toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reports a copy that did not happen', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    const bad = vi.spyOn(notify, 'toastError').mockImplementation(() => undefined);
    expect(await copyText('ABC')).toBe(false);
    expect(bad).toHaveBeenCalled();
  });
});
