import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '#test/render.tsx';
import { toastError, toastSuccess } from './notify.ts';

afterEach(() => notifications.clean());

describe('toasts', () => {
  it('show the message with a close button that has a name, and close from it', async () => {
    renderWithProviders(<p>page</p>);
    toastSuccess('Markup saved');
    toastError('That did not work');
    expect(await screen.findByText('Markup saved')).toBeTruthy();
    const dismiss = await screen.findAllByRole('button', { name: 'Dismiss' });
    expect(dismiss).toHaveLength(2);
    await userEvent.click(dismiss[0]!);
    // The closed one leaves after its exit transition.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1));
    expect(screen.queryByText('Markup saved')).toBeNull();
  });
});
