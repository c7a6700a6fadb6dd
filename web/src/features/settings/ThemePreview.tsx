import { Badge, Box, Group, Paper, Text } from '@mantine/core';
import { colorShades } from '#shared/theme.ts';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Black or white, whichever reads better on `hex` (the theme's own auto-contrast rule: 0.179). */
const textOn = (hex: string) => (luminance(hex) > 0.179 ? '#000000' : '#ffffff');

const valid = (hex: string) => /^#[0-9a-fA-F]{6}$/.test(hex);

/**
 * The colours as the site will wear them, while staff pick: the header bar, a primary button and an accent
 * badge, built with the same shade rule as the live theme (colorShades), before anything is saved.
 */
export function ThemePreview({
  palette,
  companyName,
}: {
  palette: { primary: string; secondary: string };
  companyName: string;
}) {
  if (!valid(palette.primary) || !valid(palette.secondary))
    return (
      <Text size="sm" c="dimmed">
        Enter both colours as #rrggbb to see the preview.
      </Text>
    );
  const primary = colorShades(palette.primary);
  const accent = colorShades(palette.secondary);
  return (
    <Paper withBorder radius="sm" role="group" aria-label="Theme preview" style={{ overflow: 'hidden' }}>
      <Box px="md" py="xs" style={{ background: primary[6], color: textOn(primary[6]) }}>
        <Text fw={700}>{companyName || 'Your company'}</Text>
      </Box>
      <Group p="md" gap="sm">
        {/* Looks like a button, is not one: nothing in a preview should take focus or clicks. */}
        <Box
          component="span"
          px="md"
          py={6}
          fw={600}
          fz="sm"
          style={{ background: primary[6], color: textOn(primary[6]), borderRadius: 'var(--mantine-radius-sm)' }}
        >
          Search flights
        </Box>
        <Badge style={{ background: accent[6], color: textOn(accent[6]) }}>Best price</Badge>
        <Text size="sm" style={{ color: primary[8] }} fw={500}>
          A link in the primary colour
        </Text>
      </Group>
    </Paper>
  );
}
