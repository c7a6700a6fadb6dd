import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { testSite } from '#test/fixtures.ts';
import { colorShades, DEFAULT_PALETTE, readableColors, siteTheme } from './theme.ts';

describe('site theme', () => {
  it('builds ten shades with the site colour at Mantine primary shade 6, light to dark', () => {
    const shades = colorShades('#0f766e');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#0f766e');
    const lightness = shades.map(
      (h) => parseInt(h.slice(1, 3), 16) + parseInt(h.slice(3, 5), 16) + parseInt(h.slice(5, 7), 16),
    );
    for (let i = 1; i < 10; i++) expect(lightness[i]!).toBeLessThanOrEqual(lightness[i - 1]!);
  });

  it('makes the palette primary the theme primary colour and the secondary the accent', () => {
    const theme = siteTheme(
      testSite({
        brandingSettings: {
          ...testSite().brandingSettings,
          theme: { palette: { primary: '#7c3aed', secondary: '#0ea5e9' } },
        },
      }),
    );
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand?.[6]).toBe('#7c3aed');
    expect(theme.colors?.accent?.[6]).toBe('#0ea5e9');
  });

  it('styles the tabs of every screen by default (issue #11), with no Tabs import on the boot path', () => {
    const tabs = siteTheme(null).components?.Tabs as { classNames?: { tab?: string } } | undefined;
    expect(tabs?.classNames?.tab).toEqual(expect.any(String));
    expect(tabs?.classNames?.tab).not.toBe('');
  });

  it('falls back to the default palette without a site or with a bad colour', () => {
    expect(siteTheme(null).colors?.brand?.[6]).toBe(DEFAULT_PALETTE.primary);
    expect(colorShades('red')[6]).toBe(DEFAULT_PALETTE.primary);
  });
});

/** WCAG relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('readable colours', () => {
  it('makes dimmed text meet WCAG AA (4.5:1) on white in light mode', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, siteTheme(null));
    const dimmed = readableColors(theme).light['--mantine-color-dimmed']!;
    expect(contrast(dimmed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Mantine's own default would not.
    expect(contrast(DEFAULT_THEME.colors.gray[6]!, '#ffffff')).toBeLessThan(4.5);
  });
});

describe('accessible defaults', () => {
  it('gives every loader the status role (its aria-label needs one) and every dialog a named close button', () => {
    const components = siteTheme(null).components as Record<string, { defaultProps?: Record<string, unknown> }>;
    expect(components.Loader?.defaultProps?.role).toBe('status');
    expect(components.Modal?.defaultProps?.closeButtonProps).toEqual({ 'aria-label': 'Close' });
  });
});
