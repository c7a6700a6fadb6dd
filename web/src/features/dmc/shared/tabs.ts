import { useSearchParams } from 'react-router-dom';

/**
 * The open tab of a screen, kept in `?tab=` so a link or a reload opens the same one; the first tab has
 * no parameter.
 */
export function useTab<T extends string>(tabs: readonly T[]): [T, (tab: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = tabs.find((t) => t === raw) ?? tabs[0]!;
  const select = (value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value && value !== tabs[0]) next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
  return [tab, select];
}
