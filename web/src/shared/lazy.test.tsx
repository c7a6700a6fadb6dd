import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { preloadable, preloadsSettled } from './lazy.ts';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

function renderInSuspense(node: React.ReactNode) {
  return render(<Suspense fallback={<p>Loading screen</p>}>{node}</Suspense>);
}

describe('preloadable', () => {
  it('renders without a loader frame once preloaded', async () => {
    let calls = 0;
    const Screen = preloadable(async () => {
      calls += 1;
      return { default: Hello };
    });
    await Screen.preload();
    renderInSuspense(<Screen name="agent" />);
    // Same commit: the fallback is never shown.
    expect(screen.queryByText('Loading screen')).toBeNull();
    expect(screen.getByText('Hello agent')).toBeTruthy();
    await Screen.preload();
    expect(calls).toBe(1);
  });

  it('suspends like React.lazy when not preloaded, loading once', async () => {
    let resolve!: (m: { default: typeof Hello }) => void;
    let calls = 0;
    const Screen = preloadable(() => {
      calls += 1;
      return new Promise<{ default: typeof Hello }>((r) => (resolve = r));
    });
    renderInSuspense(<Screen name="guest" />);
    expect(screen.getByText('Loading screen')).toBeTruthy();
    void Screen.preload();
    await act(async () => resolve({ default: Hello }));
    expect(await screen.findByText('Hello guest')).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('tells when every started preload has settled, including those a loaded module starts', async () => {
    const order: string[] = [];
    const Inner = preloadable(async () => {
      await new Promise((r) => setTimeout(r, 20));
      order.push('inner');
      return { default: Hello };
    });
    // Like a nested router: its module preloads the screen it is about to render.
    const Outer = preloadable(async () => {
      void Inner.preload();
      order.push('outer');
      return { default: Hello };
    });
    void Outer.preload();
    await preloadsSettled();
    order.push('settled');
    expect(order).toEqual(['outer', 'inner', 'settled']);
  });
});
