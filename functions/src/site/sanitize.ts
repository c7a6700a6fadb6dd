import { FilterXSS } from 'xss';
import { rememberRecent } from '@tp/domain/recent';

/**
 * A site's header and footer html is its reseller's content, yet index.html's boot script paints it
 * before the app (or any sanitiser) has loaded: so it is cleaned here, on the server, when a site is
 * saved and again when it is read (records saved before this rule). An allow-list: text, list, table,
 * image and link markup with class, title and (filtered) style; everything else goes — script and
 * its text, style sheets, forms, frames, objects, comments, event handlers, javascript: URLs. A link
 * may open a new tab, always with rel="noopener noreferrer".
 */
const COMMON = ['class', 'title', 'style'];
const TEXT_TAGS = [
  'abbr',
  'address',
  'article',
  'aside',
  'b',
  'blockquote',
  'br',
  'caption',
  'center',
  'cite',
  'code',
  'dd',
  'del',
  'details',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'i',
  'ins',
  'li',
  'mark',
  'nav',
  'ol',
  'p',
  'pre',
  's',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'u',
  'ul',
];
const ALLOWED: Record<string, string[]> = {
  ...Object.fromEntries(TEXT_TAGS.map((tag) => [tag, COMMON])),
  a: [...COMMON, 'href', 'target'],
  img: [...COMMON, 'src', 'alt', 'width', 'height'],
  font: [...COMMON, 'color', 'size', 'face'],
  col: [...COMMON, 'span', 'width'],
  colgroup: [...COMMON, 'span', 'width'],
  td: [...COMMON, 'colspan', 'rowspan', 'align'],
  th: [...COMMON, 'colspan', 'rowspan', 'align', 'scope'],
  time: [...COMMON, 'datetime'],
};

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  // Removed with their text, not just their tags.
  stripIgnoreTagBody: ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'textarea', 'select', 'title'],
  allowCommentTag: false,
  onTagAttr(tag, name, value) {
    if (tag !== 'a' || name !== 'target') return undefined;
    if (value === '_blank') return 'target="_blank" rel="noopener noreferrer"';
    return value === '_self' ? 'target="_self"' : '';
  },
});

/**
 * Cleaned html by its source. Every page load reads the site and cleans the same header and footer again
 * (xss was ~2 % of the gateway's CPU answering whitelabel/detetct under load); cleaning is a pure function of
 * the text, so a few recent answers are kept. Bounded: a Lambda serves a handful of sites.
 */
const clean = /* @__PURE__ */ rememberRecent((html) => filter.process(html), 32);

export function sanitizeSiteHtml(html: string): string {
  return html ? clean(html) : '';
}

/** The site's header and footer html, cleaned (the rest of the record as it is). */
export function withCleanSiteHtml<T extends { headerHtml: string; footerHtml: string }>(site: T): T {
  return { ...site, headerHtml: sanitizeSiteHtml(site.headerHtml), footerHtml: sanitizeSiteHtml(site.footerHtml) };
}
