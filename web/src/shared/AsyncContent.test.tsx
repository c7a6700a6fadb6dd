import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@tp/contracts/messages';
import { renderWithProviders } from '#test/render.tsx';
import { AsyncContent } from './AsyncContent.tsx';

const list = (props: { data: string[] | undefined; error?: unknown; onRetry?: () => void }) => (
  <AsyncContent
    data={props.data}
    error={props.error}
    onRetry={props.onRetry ?? (() => undefined)}
    loadingLabel="Loading things"
    emptyText={MSG.noResults}
    isEmpty={(d) => d.length === 0}
  >
    {(d) => <p>{d.join(', ')}</p>}
  </AsyncContent>
);

describe('AsyncContent', () => {
  it('shows a labelled loader, then the content', () => {
    const view = renderWithProviders(list({ data: undefined }));
    expect(screen.getByLabelText('Loading things')).toBeTruthy();
    view.rerender(list({ data: ['a', 'b'] }));
    expect(screen.getByText('a, b')).toBeTruthy();
  });

  it('shows the empty text for an empty list', () => {
    renderWithProviders(list({ data: [] }));
    expect(screen.getByText(MSG.noResults)).toBeTruthy();
  });

  it('offers to try again after a failure', async () => {
    const onRetry = vi.fn();
    renderWithProviders(list({ data: undefined, error: new Error('x'), onRetry }));
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
