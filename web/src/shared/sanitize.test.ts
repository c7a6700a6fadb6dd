// @vitest-environment jsdom
// DOMPurify does not support happy-dom (cure53/DOMPurify#1457: its output there is meaningless), so the
// sanitiser is tested against jsdom, a DOM DOMPurify runs on.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('removes scripts', () => {
    const out = sanitizeHtml('<div>Hi<script>alert(1)</script></div>');
    expect(out).toBe('<div>Hi</div>');
  });

  it('removes event handlers', () => {
    const out = sanitizeHtml(
      '<img src="/a.png" onerror="alert(1)"><a href="/x" onclick="steal()">x</a><div onmouseover="x()">y</div>',
    );
    expect(out).not.toMatch(/onerror|onclick|onmouseover|alert|steal/);
    expect(out).toContain('src="/a.png"');
  });

  it('removes javascript: and other script URLs', () => {
    const out = sanitizeHtml(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(2)">b</a><a href=" javascript:alert(3)">c</a><a href="vbscript:x">d</a>',
    );
    expect(out).not.toMatch(/javascript|vbscript/i);
    expect(out).toContain('>a</a>');
  });

  it('removes style sheets, forms, frames and base tags that could restyle or impersonate the app', () => {
    const out = sanitizeHtml(
      '<style>body{display:none}</style><form action="https://evil"><input name="password"><button>Go</button></form><iframe src="https://evil"></iframe><base href="https://evil/"><p>ok</p>',
    );
    expect(out).not.toMatch(/<(style|form|input|button|iframe|base)\b/);
    expect(out).not.toContain('display:none');
    expect(out).toContain('<p>ok</p>');
  });

  it('keeps ordinary markup and links, and makes new-tab links safe', () => {
    const out = sanitizeHtml(
      '<div class="wl-header"><strong>Deals</strong> <a href="tel:+919876543210">call</a> <a href="https://x.example" target="_blank">x</a></div>',
    );
    expect(out).toContain('<strong>Deals</strong>');
    expect(out).toContain('href="tel:+919876543210"');
    expect(out).toContain('target="_blank" rel="noopener noreferrer"');
  });

  it('only lets links target a new tab or the same tab, never a named frame', () => {
    expect(sanitizeHtml('<a href="/x" target="login">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('returns an empty string for nothing', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});
