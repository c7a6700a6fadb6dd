import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { TIMING } from '@tp/contracts/platform';
import type { TSiteDetails } from '@tp/contracts/site';
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
    colors: {
      brand: colorShades(palette.primary),
      accent: colorShades(palette.secondary, DEFAULT_PALETTE.secondary),
    },
    // xs marks the spec's small screen (≤ 600 px): the navbar collapses behind a burger below it.
    breakpoints: { xs: `${(TIMING.smallScreenPx + 1) / 16}em` },
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Plain objects, not Tabs.extend(): importing the components here would put them on the boot path.
    components: {
      Tabs: { classNames: { tab: tabs.tab } },
      // A loader says what is loading (its aria-label); on a span without a role that name is not allowed.
      Loader: { defaultProps: { role: 'status' } },
      // Every dialog's × has a name, not only those that remember to give one.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    },
  });
}

/**
 * Mantine's "dimmed" text grey (gray.6) reads at 3.3:1 on white, under WCAG AA's 4.5:1 (axe color-contrast);
 * gray.7 reads at 7.5:1. Set once here for every screen and dialog.
 */
export const readableColors: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': theme.colors.gray[7]! },
  dark: {},
});
