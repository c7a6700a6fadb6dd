import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@tp/contracts/messages';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { referralLink } from './referral.page.tsx';

const user = () => userEvent.setup({ delay: null });

describe('/user/dashboard/referral', { timeout: 30_000 }, () => {
  it('copies the referral code and offers the sign-up link and a WhatsApp share', async () => {
    const u = user();
    const writeText = vi.fn(() => Promise.resolve());
    renderApp('/user/dashboard/referral', { user: testUser({ referralCode: 'ASHA1' }) });
    await screen.findByText('ASHA1');
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await u.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText(MSG.copied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('ASHA1');

    const link = `${window.location.origin}/app/signup?ref=ASHA1`;
    expect(referralLink(window.location.origin, 'ASHA1')).toBe(link);
    expect((screen.getByRole('textbox', { name: 'Sign-up link' }) as HTMLInputElement).value).toBe(link);
    await u.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(link));
    const share = screen.getByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL(share.getAttribute('href')!);
    expect(href.origin).toBe('https://wa.me');
    expect(href.searchParams.get('text')).toContain(link);
    expect(share.getAttribute('rel')).toContain('noopener');
  });

  it('says so when the account has no referral code', async () => {
    renderApp('/user/dashboard/referral', { user: testUser({ referralCode: '' }) });
    expect(await screen.findByText('Your account has no referral code yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy code' })).toBeNull();
  });
});
