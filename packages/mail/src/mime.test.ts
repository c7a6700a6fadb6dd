import { describe, expect, it } from 'vitest';
import { buildMime, encodeHeader, formatAddress } from './mime.ts';

const decodeWords = (header: string): string =>
  header
    .split(/\r\n /)
    .map((w) => {
      const m = /^=\?UTF-8\?B\?(.*)\?=$/.exec(w);
      return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : w;
    })
    .join('');

describe('MIME headers', () => {
  it('leaves plain ASCII alone and encodes anything else as short encoded words', () => {
    expect(encodeHeader('Your e-ticket')).toBe('Your e-ticket');
    const long = 'Bookings at ₹ prices — ' + 'é'.repeat(60);
    const encoded = encodeHeader(long);
    for (const word of encoded.split('\r\n ')) expect(word.length).toBeLessThanOrEqual(75);
    expect(decodeWords(encoded)).toBe(long);
  });

  it('strips line breaks so a value cannot add headers', () => {
    expect(encodeHeader('Hi\r\nBcc: victim@example.com')).not.toMatch(/[\r\n]/);
    expect(formatAddress('Evil\r\nBcc: x@y.z', 'no-reply@example.com')).not.toMatch(/[\r\n]/);
  });

  it('quotes display names and escapes quotes inside them', () => {
    expect(formatAddress('Flight Deals', 'no-reply@example.com')).toBe('"Flight Deals" <no-reply@example.com>');
    expect(formatAddress('A "B" \\ C', 'a@b.c')).toBe('"A \\"B\\" \\\\ C" <a@b.c>');
    expect(formatAddress('', 'a@b.c')).toBe('a@b.c');
    expect(formatAddress('Café Trips', 'a@b.c')).toMatch(/^=\?UTF-8\?B\?.+\?= <a@b\.c>$/);
  });
});

describe('buildMime', () => {
  const pdf = Buffer.from('%PDF-1.4 fake ticket '.repeat(20)).toString('base64');
  const mime = buildMime(
    {
      from: '"Flight Deals" <no-reply@example.com>',
      to: ['a@example.com', 'b@example.com'],
      subject: 'Your e-ticket',
      html: '<p>Ticket</p>',
      text: 'Ticket',
      attachments: [
        { filename: 'ticket.pdf', contentType: 'application/pdf', contentBase64: pdf },
        { filename: 'réservation.pdf', contentType: 'application/pdf', contentBase64: pdf },
      ],
    },
    'seed',
  );

  it('nests text and html in an alternative part inside a mixed part with the files', () => {
    expect(mime).toContain('Content-Type: multipart/mixed; boundary="mixed-seed"');
    expect(mime).toContain('Content-Type: multipart/alternative; boundary="alt-seed"');
    expect(mime.match(/--mixed-seed\r\n/g)).toHaveLength(3);
    expect(mime.trimEnd().endsWith('--mixed-seed--')).toBe(true);
    expect(mime).toContain('To: a@example.com, b@example.com');
  });

  it('base64-encodes bodies and wraps attachment lines at 76 characters', () => {
    expect(mime).toContain(Buffer.from('<p>Ticket</p>').toString('base64'));
    const lines = mime.split('\r\n');
    expect(lines.every((l) => l.length <= 998)).toBe(true);
    expect(lines.filter((l) => /^[A-Za-z0-9+/=]{60,}$/.test(l)).every((l) => l.length <= 76)).toBe(true);
  });

  it('names files, encoding non-ASCII names per RFC 2231', () => {
    expect(mime).toContain('Content-Disposition: attachment; filename="ticket.pdf"');
    expect(mime).toContain("filename*=UTF-8''r%C3%A9servation.pdf");
  });
});
