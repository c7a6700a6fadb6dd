import { useMemo } from 'react';
import { Box, type BoxProps } from '@mantine/core';
import { sanitizeHtml } from './sanitize.ts';

/** Renders server-supplied html after sanitising it; the only place the app sets innerHTML. */
export default function SafeHtml({
  html,
  component = 'div',
  ...box
}: BoxProps & { html: string | null | undefined; component?: 'div' | 'section' | 'footer' }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean) return null;
  return <Box component={component} className="safe-html" {...box} dangerouslySetInnerHTML={{ __html: clean }} />;
}
