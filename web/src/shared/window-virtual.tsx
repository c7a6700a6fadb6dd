/**
 * Lists virtualised against the page's own scroll (`useWindowRows` + `<WindowRows>`): only the rows in view (and a
 * few either side) are in the DOM, an opened row grows the page rather than an inner scroll box, and mounting the
 * list forces no layout of the page inside React's commit. The flight results and the package grid use it.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  useWindowVirtualizer,
  windowScroll,
  type Rect,
  type VirtualItem,
  type Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { afterPaint } from './idle.ts';

/**
 * The window's size for the virtualiser, first read a frame after the list commits, then on resize. The library's
 * own observer reads it in the commit's layout effect: on a phone (viewport meta) `innerHeight` forces a layout
 * of the page there, and the change it reports re-renders the list synchronously inside the same commit: one
 * long task. The first render uses the screen's size instead (a row or two more than fit, at most).
 */
function observeWindowAfterPaint(instance: Virtualizer<Window, Element>, report: (rect: Rect) => void) {
  const win = instance.scrollElement;
  if (!win) return;
  const read = () => report({ width: win.innerWidth, height: win.innerHeight });
  const frame = win.requestAnimationFrame(read);
  win.addEventListener('resize', read, { passive: true });
  return () => {
    win.cancelAnimationFrame(frame);
    win.removeEventListener('resize', read);
  };
}

/**
 * Where the window is scrolled, as the last scroll event left it (0 until one: a page opens at the top). The
 * virtualiser reads `scrollY` for its first offset and then writes that same offset back when it mounts: both
 * force a layout of the page inside React's commit. With this it reads nothing, and a write to where the window
 * already is, which moves nothing and fires no scroll event, is skipped.
 */
let scrolledTo = 0;
window.addEventListener('scroll', () => (scrolledTo = window.scrollY), { passive: true });
const scrollWindowUnlessThere: typeof windowScroll = (offset, options, instance) => {
  if (offset + (options.adjustments ?? 0) === scrolledTo && options.behavior !== 'smooth') return;
  windowScroll(offset, options, instance);
};

/** The options that make a window virtualiser read and write nothing while it mounts (see above). */
function quietWindowOptions(): Pick<
  VirtualizerOptions<Window, Element>,
  'initialRect' | 'observeElementRect' | 'initialOffset' | 'scrollToFn'
> {
  return {
    // A size for the first render that costs nothing to read (see observeWindowAfterPaint).
    initialRect: { width: window.screen.width, height: window.screen.height },
    observeElementRect: observeWindowAfterPaint,
    initialOffset: () => scrolledTo,
    scrollToFn: scrollWindowUnlessThere,
  };
}

/**
 * Where the element starts on the page (the virtualiser's `scrollMargin`), measured after paint and again on
 * resize: read during the commit it forced a layout of the page and a second, synchronous render of the list.
 * Until then the first rows sit where they belong anyway, at the list's top.
 */
function usePageTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (el) setTop(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    const cancel = afterPaint(measure);
    window.addEventListener('resize', measure);
    return () => {
      cancel();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return top;
}

export interface WindowRowsOptions {
  count: number;
  /** Height of a row before any is measured, in px; unseen rows are then estimated at the last measured height. */
  estimateSize: number;
  /** Rows rendered either side of those in view. */
  overscan: number;
  /** Space between rows, in px: each row carries it as its bottom margin (outside its measured height). */
  gap: number;
  getItemKey: VirtualizerOptions<Window, Element>['getItemKey'];
  /** Whether a measured row's height is the one to estimate unseen rows by (an opened row's is not). */
  typical?: (row: Element) => boolean;
}

/** A window virtualiser set up as above, with the element it measures the list's place on the page from. */
export function useWindowRows({ count, estimateSize, overscan, gap, getItemKey, typical }: WindowRowsOptions) {
  const listRef = useRef<HTMLDivElement>(null);
  const margin = usePageTop(listRef);
  // Rows of one list are about the same height: a filter or sort that brings unseen rows into view does not
  // shift them and render again when they are estimated at the last measured height.
  const rowHeight = useRef(estimateSize);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight.current,
    ...quietWindowOptions(),
    overscan,
    gap,
    scrollMargin: margin,
    getItemKey,
    measureElement: (el, entry, instance) => {
      const box = entry?.borderBoxSize[0];
      if (!box) {
        // A row just mounted: reading its height here would force a layout in the middle of the commit, for every
        // new row. Keep what is known; the ResizeObserver reports the real height before the frame is painted.
        const key = instance.options.getItemKey(instance.indexFromElement(el));
        return instance.itemSizeCache.get(key) ?? rowHeight.current;
      }
      const height = Math.round(box.blockSize);
      if (!typical || typical(el)) rowHeight.current = height;
      return height;
    },
  });
  return { listRef, margin, virtualizer };
}

/**
 * The list's frame: a `list` as tall as all its rows, holding the rows in view where they belong. `children`
 * renders those rows; each must take `virtualizer.measureElement` as its ref and `data-index`, and carry the
 * list's `gap` as its bottom margin.
 */
export function WindowRows({
  rows: { listRef, margin, virtualizer },
  label,
  children,
}: {
  rows: ReturnType<typeof useWindowRows>;
  /** Accessible name of the list. */
  label: string;
  children: (items: VirtualItem[]) => ReactNode;
}) {
  const items = virtualizer.getVirtualItems();
  return (
    <div ref={listRef} role="list" aria-label={label}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        <div
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${(items[0]?.start ?? margin) - margin}px)`,
          }}
        >
          {children(items)}
        </div>
      </div>
    </div>
  );
}
