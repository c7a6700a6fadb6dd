import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { TIMING } from '@tp/contracts/platform';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import tabs from './tabs.module.css';

/** Used until a site's branding is known (and for a domain without a site). */
export const DEFAULT_PALETTE = { primary: '#1c64f2', secondary: '#f59e0b' };

function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(rgb: [number, number, number], target: number, amount: number): string {
  const c = rgb.map((v) => Math.round(v + (target - v) * amount));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Mantine wants ten shades per colour; the site gives one. Lighter shades mix towards white, darker
 * towards black, and the site's own colour sits at index 6 (Mantine's default primary shade in light mode).
 */
export function colorShades(hex: string, fallback: string = DEFAULT_PALETTE.primary): MantineColorsTuple {
  const rgb = parseHex(hex) ?? parseHex(fallback)!;
  const towardsWhite = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((a) => mix(rgb, 255, a));
  const towardsBlack = [0.14, 0.28, 0.42].map((a) => mix(rgb, 0, a));
  return [...towardsWhite, mix(rgb, 0, 0), ...towardsBlack] as unknown as MantineColorsTuple;
}

/** The site's palette as a Mantine theme: `brand` is the primary colour, `accent` the secondary. */
export function siteTheme(site: Pick<TSiteDetails, 'brandingSettings'> | null): MantineThemeOverride {
  const palette = site?.brandingSettings.theme.palette ?? DEFAULT_PALETTE;
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    // Filled badges and buttons take black or white text, whichever contrasts more: the two are equal at a
    // relative luminance of 0.179 (Mantine's default 0.3 put white on red.6, 3.3:1).
    luminanceThreshold: 0.179,
    colors: {
      brand: colorShades(palette.primary),
      accent: colorShades(palette.secondary, DEFAULT_PALETTE.secondary),
    },
    // xs marks the spec's small screen (≤ 600 px): the navbar collapses behind a burger below it.
    breakpoints: { xs: `${(TIMING.smallScreenPx + 1) / 16}em` },
    defaultRadius: 'md',
    // A user who asked the system for less motion gets none (app.css stops CSS animations too).
    respectReducedMotion: true,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Plain objects, not Tabs.extend(): importing the components here would put them on the boot path.
    components: {
      Tabs: { classNames: { tab: tabs.tab } },
      // A loader says what is loading (its aria-label); on a span without a role that name is not allowed.
      Loader: { defaultProps: { role: 'status' } },
      // Every dialog's × has a name, not only those that remember to give one.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      // …and so has every toast's (a screen reader otherwise announces an unnamed button).
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    },
  });
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = (parseHex(hex) ?? [0, 0, 0]).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** WCAG AA for normal text is 4.5:1; a little over, so rounding in a browser never lands under it. */
const AA_TEXT = 4.6;

/** The first of a colour's shades 6 to 9 that reads on `background`, else shade 9 darkened until it does. */
export function readableShade(shades: readonly string[], background: string): string {
  const shade = shades.slice(6).find((c) => contrastRatio(c, background) >= AA_TEXT);
  if (shade) return shade;
  const darkest = parseHex(shades[9] ?? shades[shades.length - 1]!)!;
  for (let amount = 0.1; amount < 1; amount += 0.1) {
    const c = mix(darkest, 0, amount);
    if (contrastRatio(c, background) >= AA_TEXT) return c;
  }
  return '#000000';
}

/**
 * Text in a colour must be readable (axe color-contrast, WCAG AA 4.5:1). Mantine's light-mode defaults are
 * not, for most colours: coloured text (`c="teal"`) and outline badges use shade 6 on white (teal 2.3:1), light
 * badges shade 9 on shade 1 (teal 4.3:1), "dimmed" grey is gray.6 (3.3:1) and a field's error red.6 (3.6:1). Each colour of the theme, the
 * site's own included, gets the first of its shades that reads, set once here for every screen and dialog.
 */
export const readableColors: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readableShade(theme.colors.gray, '#ffffff'),
    // A field's error text (red.6 by default, 3.6:1 on white).
    '--mantine-color-error': readableShade(theme.colors.red, '#ffffff'),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    const onWhite = readableShade(shades, '#ffffff');
    light[`--mantine-color-${name}-text`] = onWhite;
    light[`--mantine-color-${name}-outline`] = onWhite;
    // Light buttons and badges sit on shade 1 and, hovered, on shade 2 (Mantine's `light` / `light-hover`): the text
    // must read on the darker of the two, or a hovered "Tax invoice" drops to 4:1.
    light[`--mantine-color-${name}-light-color`] = readableShade(shades, shades[2]!);
  }
  return { variables: {}, light, dark: {} };
};
