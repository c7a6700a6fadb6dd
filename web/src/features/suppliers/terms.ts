import { sanitizeHtml } from '#shared/sanitize.ts';

const HAS_TAG = /<\/?[a-z][a-z0-9]*(\s[^>]*)?>/i;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What the terms editor stores: sanitised html, the form consumers read it in (through SafeHtml).
 * Text typed without tags keeps its layout: blank lines make paragraphs, single line breaks stay.
 */
export function termsToHtml(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (HAS_TAG.test(trimmed)) return sanitizeHtml(trimmed);
  return trimmed
    .split(/\n\s*\n/)
    .map((p) => `<p>${escape(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
