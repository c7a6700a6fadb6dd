import { useSearchParams } from 'react-router-dom';

/**
 * The open tab of a screen, kept in `?tab=` so a link or a reload opens the same one; the first tab has
 * no parameter.
 */
export function useTab<T extends string>(tabs: readonly T[]): [T, (tab: string | null) => void] {
  const [params, setQuery] = useQueryState();
  const raw = params.get('tab');
  const tab = tabs.find((t) => t === raw) ?? tabs[0]!;
  const select = (value: string | null) => setQuery({ tab: value && value !== tabs[0] ? value : null });
  return [tab, select];
}

/**
 * A screen's choices kept in its query string, so a link or a reload opens it on the same ones. `set` changes
 * several at once (null removes one): two separate updates in one event would lose the first.
 */
export function useQueryState(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return [params, set];
}
