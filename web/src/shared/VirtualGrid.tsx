import { Fragment, type ReactNode } from 'react';
import { useWindowRows, WindowRows } from './window-virtual.tsx';

/**
 * A list of cards in a grid of `columns`, virtualised against the page's own scroll by rows (window-virtual.tsx):
 * only the rows in view (and two either side) are in the DOM, so a "Show more" list hundreds of cards long stays
 * light. Each card is a `listitem` of the one `list` (the row wrappers carry no role).
 */
export function VirtualGrid<T>({
  items,
  columns,
  estimateRowHeight,
  gap,
  label,
  itemKey,
  renderItem,
}: {
  items: readonly T[];
  columns: number;
  /** Height of a row before it is measured, in px. */
  estimateRowHeight: number;
  /** Space between rows and columns, in px. */
  gap: number;
  /** Accessible name of the list. */
  label: string;
  itemKey: (item: T) => string;
  /** One card; it must carry `role="listitem"`. `index` is its place in `items` (the first row's cards load eagerly). */
  renderItem: (item: T, index: number) => ReactNode;
}) {
  const rows = useWindowRows({
    count: Math.ceil(items.length / columns),
    estimateSize: estimateRowHeight,
    overscan: 2,
    gap,
    getItemKey: (row) => `${columns}:${itemKey(items[row * columns]!)}`,
  });
  return (
    <WindowRows rows={rows} label={label}>
      {(visible) =>
        visible.map((row) => (
          <div
            key={row.key}
            ref={rows.virtualizer.measureElement}
            data-index={row.index}
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap,
              marginBottom: gap,
            }}
          >
            {items.slice(row.index * columns, row.index * columns + columns).map((item, i) => (
              <Fragment key={itemKey(item)}>{renderItem(item, row.index * columns + i)}</Fragment>
            ))}
          </div>
        ))
      }
    </WindowRows>
  );
}
