import { Fragment, useRef, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { quietWindowOptions, usePageTop } from './window-virtual.ts';

/**
 * A list of cards in a grid of `columns`, virtualised against the page's own scroll by rows: only the rows in view
 * (and `overscan` either side) are in the DOM, so a "Show more" list hundreds of cards long stays light. Each card
 * is a `listitem` of the one `list` (the row wrappers carry no role). Rows are measured as they mount; unseen rows
 * are estimated at the last measured height.
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
  const listRef = useRef<HTMLDivElement>(null);
  const margin = usePageTop(listRef);
  const rowHeight = useRef(estimateRowHeight);
  const rowCount = Math.ceil(items.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight.current,
    ...quietWindowOptions(),
    overscan: 2,
    gap,
    scrollMargin: margin,
    getItemKey: (row) => `${columns}:${itemKey(items[row * columns]!)}`,
    measureElement: (el, entry, instance) => {
      const box = entry?.borderBoxSize[0];
      if (!box) {
        // Just mounted: reading its height would force a layout mid-commit; the ResizeObserver reports it next.
        const key = instance.options.getItemKey(instance.indexFromElement(el));
        return instance.itemSizeCache.get(key) ?? rowHeight.current;
      }
      rowHeight.current = Math.round(box.blockSize);
      return rowHeight.current;
    },
  });
  const rows = virtualizer.getVirtualItems();
  return (
    <div ref={listRef} role="list" aria-label={label}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        <div
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${(rows[0]?.start ?? margin) - margin}px)`,
          }}
        >
          {rows.map((row) => (
            <div
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              // The margin is outside the measured (border-box) height: the virtualiser's `gap` accounts for it.
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
          ))}
        </div>
      </div>
    </div>
  );
}
