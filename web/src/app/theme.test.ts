import { describe, expect, it } from 'vitest';
import { testSite } from '#test/fixtures.ts';
import { colorShades, DEFAULT_PALETTE, siteTheme } from './theme.ts';

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
