/**
 * A tiny HTML builder whose interpolations are escaped by default: `html\`<p>${name}</p>\`` can never
 * inject markup, whatever `name` holds. Only values built by `html` (or `raw`) pass through unescaped.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(v: HtmlValue): string {
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  if (v === null || v === undefined || v === false) return '';
  return escapeHtml(v as string | number);
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => (out += render(v) + (strings[i + 1] ?? '')));
  return new SafeHtml(out);
}

/**
 * A link target fit for href/src: absolute http(s) URLs, or site-relative paths resolved against
 * `base`. Anything else (javascript:, data:, garbage) becomes '#', so a poisoned setting cannot
 * turn a mail button into script.
 */
export function safeUrl(url: string, base?: string): string {
  try {
    const u = base ? new URL(url, base) : new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : '#';
  } catch {
    return '#';
  }
}

/** `#rrggbb` or the fallback: colours go into style attributes, so only this exact shape is allowed. */
export function safeColor(value: string | undefined, fallback: string): string {
  return value && /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback;
}

/** Black or white text, whichever reads better on `hex` (WCAG relative luminance). */
export function textColorOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#111827' : '#ffffff';
}
