/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * axe-core's WCAG 2 A/AA check (2.0 and 2.1, colour contrast included) in a Playwright page, for e2e tests.
 * The page's context must be opened with `bypassCSP: true`: axe is injected as a script tag, which the
 * site's CSP rightly refuses.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** How long the page must not have changed before axe looks at it. */
const QUIET_MS = 120;

/** The rules the part of the page under `selector` breaks, as `rule: where, where`; empty when clean. */
export async function axeViolations(page: Page, selector = 'body'): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  // A page that changed while axe looked (a transition began: a hover as the pointer's element moved under it, a
  // toast leaving) was measured in a state it does not hold: settle and look again, at most three times.
  for (let look = 1; ; look++) {
    await settled(page);
    const { violations, changed } = await runAxe(page, selector);
    if (!changed || look === 3) return violations;
  }
}

/**
 * A colour still moving (a button turning filled as its data arrives, a hover fading) is measured between two
 * colours, neither of which the page shows for long: axe looks once every CSS transition has ended. (Spinners'
 * endless animations are CSS animations, not transitions: they never hold this up.) Likewise a segmented control's
 * highlight before it has measured where to sit: its active label's white text is over no highlight until the
 * indicator is placed (Mantine marks it data-initialized). Screens render parts in transitions (a page of rows, a
 * form below a list): a part that mounts after the checks would be looked at half-drawn, so first the page must
 * have stopped changing for QUIET_MS (at most 5 s: a poll or a ticking clock never holds it longer).
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    (quietMs) =>
      new Promise<void>((resolve) => {
        let changed = performance.now();
        const watch = new MutationObserver(() => (changed = performance.now()));
        watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const giveUpAt = performance.now() + 5000;
        const check = () => {
          const now = performance.now();
          if (now - changed < quietMs && now < giveUpAt) return void setTimeout(check, 25);
          watch.disconnect();
          resolve();
        };
        check();
      }),
    QUIET_MS,
  );
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => !(a instanceof CSSTransition)) &&
      !document.querySelector('.mantine-SegmentedControl-indicator:not([data-initialized])'),
  );
}

/**
 * One axe run, and whether the page changed meanwhile (a mutation, or a CSS transition that began). A contrast
 * failure names its colours and ratio, so a report says what axe measured.
 */
function runAxe(page: Page, include: string): Promise<{ violations: string[]; changed: boolean }> {
  return page.evaluate(
    async ({ include, tags }) => {
      type Node = { target: string[]; html: string; any: { data?: unknown }[] };
      type Result = { violations: { id: string; nodes: Node[] }[] };
      const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<Result> } }).axe;
      let changed = false;
      const mark = () => (changed = true);
      const watch = new MutationObserver(mark);
      watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      document.addEventListener('transitionrun', mark, true);
      const result = await axe.run({ include: [include] }, { runOnly: tags });
      watch.disconnect();
      document.removeEventListener('transitionrun', mark, true);
      const detail = (n: Node) => {
        const d = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        return d?.contrastRatio ? ` (${d.fgColor} on ${d.bgColor}: ${d.contrastRatio})` : '';
      };
      return {
        changed,
        violations: result.violations.map(
          (v) =>
            `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}${detail(n)}`).join(', ')}`,
        ),
      };
    },
    { include, tags: WCAG_AA },
  );
}

/** Mantine's dialogs and drawers, with their overlays. */
export const DIALOGS =
  '.mantine-Modal-content, .mantine-Modal-overlay, .mantine-Drawer-content, .mantine-Drawer-overlay';

/**
 * Waits until Mantine's dialogs, drawers and their overlays have faded (or slid) in and no CSS transition is
 * still running: mid-transition colours are not the dialog's (axe would measure a half-faded contrast).
 */
export async function dialogsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    (layers) =>
      [...document.querySelectorAll(layers)].every((el) => getComputedStyle(el).opacity === '1') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
    DIALOGS,
  );
}

/** How many pixels the page is wider than the viewport (0 when nothing overflows sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
