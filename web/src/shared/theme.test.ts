import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, isLightColor, mergeMantineTheme } from '@mantine/core';
import { testSite } from '#test/fixtures.ts';
import { colorShades, contrastRatio, DEFAULT_PALETTE, readableColors, readableShade, siteTheme } from './theme.ts';

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

  it('styles the tabs of every screen by default, with no Tabs import on the boot path', () => {
    const tabs = siteTheme(null).components?.Tabs as { classNames?: { tab?: string } } | undefined;
    expect(tabs?.classNames?.tab).toEqual(expect.any(String));
    expect(tabs?.classNames?.tab).not.toBe('');
  });

  it('falls back to the default palette without a site or with a bad colour', () => {
    expect(siteTheme(null).colors?.brand?.[6]).toBe(DEFAULT_PALETTE.primary);
    expect(colorShades('red')[6]).toBe(DEFAULT_PALETTE.primary);
  });
});

describe('readable colours', () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, siteTheme(null));
  const vars = readableColors(theme).light;

  it('makes dimmed text meet WCAG AA on white, where the gray.6 of Mantine does not', () => {
    expect(contrastRatio(vars['--mantine-color-dimmed']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6]!, '#ffffff')).toBeLessThan(4.5);
  });

  it("makes a field's error text meet WCAG AA on white, where Mantine's red.6 does not", () => {
    expect(contrastRatio(vars['--mantine-color-error']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(DEFAULT_THEME.colors.red[6]!, '#ffffff')).toBeLessThan(4.5);
  });

  it('makes every colour readable as text, outline on white and light text on its tint, hovered too', () => {
    for (const [name, shades] of Object.entries(theme.colors)) {
      expect(contrastRatio(vars[`--mantine-color-${name}-text`]!, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(vars[`--mantine-color-${name}-outline`]!, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      // `light` is shade 1, `light-hover` shade 2.
      for (const tint of [shades[1]!, shades[2]!])
        expect(contrastRatio(vars[`--mantine-color-${name}-light-color`]!, tint), name).toBeGreaterThanOrEqual(4.5);
    }
    // The demo brands, whose hovered light buttons read 4:1 before.
    for (const primary of ['#1c64f2', '#7c3aed', '#0f766e']) {
      const site = mergeMantineTheme(
        DEFAULT_THEME,
        siteTheme({ brandingSettings: { theme: { palette: { primary, secondary: '#f59e0b' } } } } as never),
      );
      const brand = readableColors(site).light['--mantine-color-brand-light-color']!;
      expect(contrastRatio(brand, site.colors.brand![2]!), primary).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a shade that already reads, and darkens one that has none (a pale site colour)', () => {
    expect(readableShade(DEFAULT_THEME.colors.dark, '#ffffff')).toBe(DEFAULT_THEME.colors.dark[6]);
    const pale = colorShades('#fde047');
    const chosen = readableShade(pale, '#ffffff');
    expect(pale).not.toContain(chosen);
    expect(contrastRatio(chosen, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('picks black or white text on filled colours by which contrasts more (each reads at 4.5:1 or better)', () => {
    const threshold = siteTheme(null).luminanceThreshold!;
    for (const [name, shades] of Object.entries(theme.colors)) {
      const fill = shades[6]!;
      const text = isLightColor(fill, threshold) ? '#000000' : '#ffffff';
      expect(contrastRatio(text, fill), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
