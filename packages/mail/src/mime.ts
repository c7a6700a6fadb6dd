import { randomUUID } from 'node:crypto';

/**
 * A raw MIME message (RFC 5322 / 2045-2047 / 2231) for mail with attachments: multipart/mixed holding a
 * multipart/alternative (text + html) and the files. Bodies and files are base64, so no content can
 * break the structure; header values are stripped of line breaks and encoded when not plain ASCII.
 */
export interface MimeAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface MimeMessage {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments: MimeAttachment[];
}

const CRLF = '\r\n';
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const noBreaks = (s: string): string => s.replace(/[\r\n]+/g, ' ');

/** RFC 2047 encoded words, split on character boundaries so each word stays under 75 octets. */
export function encodeHeader(value: string): string {
  const clean = noBreaks(value);
  if (PRINTABLE_ASCII.test(clean)) return clean;
  const words: string[] = [];
  let chunk = '';
  for (const ch of clean) {
    if (Buffer.byteLength(chunk + ch) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join(`${CRLF} `);
}

/** `"Display Name" <address>`, with the name quoted or encoded as the header rules require. */
export function formatAddress(name: string, address: string): string {
  const display = noBreaks(name).trim();
  if (!display) return address;
  const shown = PRINTABLE_ASCII.test(display) ? `"${display.replace(/["\\]/g, '\\$&')}"` : encodeHeader(display);
  return `${shown} <${address}>`;
}

const wrap76 = (b64: string): string => b64.replace(/.{1,76}/g, (line) => line + CRLF);
const base64Body = (s: string): string => wrap76(Buffer.from(s, 'utf8').toString('base64'));

/** filename="…" for ASCII names, RFC 2231 filename*=UTF-8''… otherwise. */
function fileParam(name: string, filename: string): string {
  const clean = noBreaks(filename);
  if (PRINTABLE_ASCII.test(clean)) return `${name}="${clean.replace(/["\\]/g, '_')}"`;
  return `${name}*=UTF-8''${encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function buildMime(msg: MimeMessage, boundarySeed: string = randomUUID()): string {
  const mixed = `mixed-${boundarySeed}`;
  const alternative = `alt-${boundarySeed}`;
  const lines: string[] = [
    `From: ${noBreaks(msg.from)}`,
    `To: ${msg.to.map(noBreaks).join(', ')}`,
    `Subject: ${encodeHeader(msg.subject)}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    `--${mixed}`,
    `Content-Type: multipart/alternative; boundary="${alternative}"`,
    '',
    `--${alternative}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Body(msg.text),
    `--${alternative}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Body(msg.html),
    `--${alternative}--`,
  ];
  for (const a of msg.attachments) {
    lines.push(
      `--${mixed}`,
      `Content-Type: ${noBreaks(a.contentType)}; ${fileParam('name', a.filename)}`,
      `Content-Disposition: attachment; ${fileParam('filename', a.filename)}`,
      'Content-Transfer-Encoding: base64',
      '',
      wrap76(a.contentBase64.replace(/\s+/g, '')),
    );
  }
  lines.push(`--${mixed}--`, '');
  return lines.join(CRLF);
}
