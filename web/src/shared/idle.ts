import { useEffect, useState } from 'react';

/** Resolves once the page has loaded and the browser has a quiet moment (at the latest `timeoutMs` after load). */
function afterLoadIdle(timeoutMs: number, run: () => void): () => void {
  let cancel = () => undefined as void;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: timeoutMs });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 1);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}

/**
 * False until the page has loaded and the main thread is idle, then true (and true at once for a component mounted
 * later than that): for what the page can show a moment later (banners that usually have nothing to say), so their
 * code, calls and renders do not share the main thread with the opened screen's first render.
 */
let settled = false;
export function useAfterLoadIdle(timeoutMs = 3000): boolean {
  const [ready, setReady] = useState(settled);
  useEffect(() => {
    if (ready) return;
    return afterLoadIdle(timeoutMs, () => {
      settled = true;
      setReady(true);
    });
  }, [ready, timeoutMs]);
  return ready;
}

/**
 * Runs `run` once the next frame is painted, when the layout is done and reading sizes costs nothing: read in a
 * React effect instead (which React may run in the commit's own task), they force a layout of the whole page
 * in the middle of the commit. Returns a cancel function, for an effect's cleanup.
 */
export function afterPaint(run: () => void): () => void {
  let timer: number | undefined;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
