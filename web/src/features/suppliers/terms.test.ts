// @vitest-environment jsdom
// The sanitiser runs on jsdom (DOMPurify does not support happy-dom).
import { describe, expect, it } from 'vitest';
import { termsToHtml } from './terms.ts';

describe('termsToHtml', () => {
  it('turns plain text into escaped paragraphs', () => {
    expect(termsToHtml('Fares are final.\nNo refunds.\n\nA < B & C')).toBe(
      '<p>Fares are final.<br>No refunds.</p><p>A &lt; B &amp; C</p>',
    );
  });

  it('keeps simple html but removes script and handlers', () => {
    const out = termsToHtml('<h2>Terms</h2><p onclick="x()">Pay<script>alert(1)</script> on time</p>');
    expect(out).toBe('<h2>Terms</h2><p>Pay on time</p>');
  });

  it('stores nothing for blank text', () => {
    expect(termsToHtml('  \n ')).toBe('');
  });
});
