/**
 * What every list virtualised against the page's own scroll (`useWindowVirtualizer`) needs so that mounting it
 * forces no layout of the page inside React's commit: the flight results and the package grid use it.
 */
import { useEffect, useState, type RefObject } from 'react';
import { windowScroll, type Rect, type VirtualizerOptions, type Virtualizer } from '@tanstack/react-virtual';
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
export function quietWindowOptions(): Pick<
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
export function usePageTop(ref: RefObject<HTMLElement | null>): number {
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
