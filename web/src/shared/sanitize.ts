import DOMPurify from 'dompurify';

/**
 * Server-supplied html (site header, footer, popup, policy pages) is data from a reseller's admin,
 * not code: DOMPurify removes scripts, event handlers and javascript:/data: URLs. On top of its
 * defaults we drop what could restyle or impersonate the app (style sheets, forms, frames) and
 * allow links to open a new tab, always with rel="noopener noreferrer".
 */
const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'frame',
  'object',
  'embed',
  'base',
  'link',
  'meta',
];

let hooked = false;
function ensureHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A' || !('getAttribute' in node)) return;
    const link = node as Element;
    const target = link.getAttribute('target');
    if (target && target !== '_blank' && target !== '_self') link.removeAttribute('target');
    if (link.getAttribute('target') === '_blank') link.setAttribute('rel', 'noopener noreferrer');
  });
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  ensureHooks();
  return DOMPurify.sanitize(html, { FORBID_TAGS, ADD_ATTR: ['target'], ALLOW_DATA_ATTR: false });
}
