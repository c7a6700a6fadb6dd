import { html, safeColor, safeUrl, textColorOn } from './html.ts';

/** What a mail needs to know about the site that sends it. */
export interface MailBrand {
  companyName: string;
  /** Absolute, or relative to `siteUrl` (sites store `/app/brand/…`). */
  logoUrl: string;
  /** The site palette's primary colour, `#rrggbb`. */
  primaryColor: string;
  /** The site's home page, absolute. */
  siteUrl: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The parts every template fills in; the layout turns them into an HTML and a plain-text body. */
export interface MailContent {
  subject: string;
  /** Shown by mail clients next to the subject. */
  preheader: string;
  heading: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A two-column table after the paragraphs (a refund's breakdown); `strong` rows are totals. */
  rows?: { label: string; value: string; strong?: boolean | undefined }[];
  /** Small print under the button, e.g. how long a link stays valid. */
  footnote?: string;
}

const FALLBACK_COLOR = '#1c64f2';

export function renderMail(brand: MailBrand, content: MailContent): RenderedMail {
  const primary = safeColor(brand.primaryColor, FALLBACK_COLOR);
  const onPrimary = textColorOn(primary);
  const siteUrl = safeUrl(brand.siteUrl);
  const logo = brand.logoUrl ? safeUrl(brand.logoUrl, siteUrl === '#' ? undefined : siteUrl) : '#';
  const action = content.action ? { label: content.action.label, url: safeUrl(content.action.url) } : undefined;
  const year = new Date().getUTCFullYear();

  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${content.subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
        <div style="display:none;max-height:0;overflow:hidden">${content.preheader}</div>
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          style="background:#f3f4f6;padding:24px 0"
        >
          <tr>
            <td align="center">
              <table
                role="presentation"
                width="600"
                cellpadding="0"
                cellspacing="0"
                style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden"
              >
                <tr>
                  <td
                    style="background:${primary};padding:20px 24px;color:${onPrimary};font-size:20px;font-weight:bold"
                  >
                    ${logo !== '#' ? html`<img src="${logo}" alt="${brand.companyName}" height="32" style="height:32px;vertical-align:middle;margin-right:12px;border:0" />` : ''}<span
                      style="vertical-align:middle"
                      >${brand.companyName}</span
                    >
                  </td>
                </tr>
                <tr>
                  <td style="padding:24px">
                    <h1 style="margin:0 0 16px;font-size:22px;color:#111827">${content.heading}</h1>
                    <p style="margin:0 0 12px;font-size:15px;line-height:1.5">${content.greeting}</p>
                    ${content.paragraphs.map((p) => html`<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${p}</p>`)}
                    ${
                      content.rows?.length
                        ? html`<table
                            role="presentation"
                            width="100%"
                            cellpadding="0"
                            cellspacing="0"
                            style="margin:8px 0 16px;border-collapse:collapse"
                          >
                            ${content.rows.map(
                              (r) =>
                                html`<tr>
                                  <td
                                    style="padding:6px 8px;border-bottom:1px solid #e5e7eb;font-size:14px;${r.strong ? 'font-weight:bold' : ''}"
                                  >
                                    ${r.label}
                                  </td>
                                  <td
                                    style="padding:6px 8px;border-bottom:1px solid #e5e7eb;font-size:14px;text-align:right;white-space:nowrap;${r.strong ? 'font-weight:bold' : ''}"
                                  >
                                    ${r.value}
                                  </td>
                                </tr>`,
                            )}
                          </table>`
                        : ''
                    }
                    ${
                      action
                        ? html`<p style="margin:24px 0">
                              <a
                                href="${action.url}"
                                style="display:inline-block;background:${primary};color:${onPrimary};padding:12px 24px;border-radius:6px;text-decoration:none;font-weight:bold"
                                >${action.label}</a
                              >
                            </p>
                            <p style="margin:0 0 12px;font-size:13px;color:#6b7280;line-height:1.5">
                              If the button does not work, copy this link into your browser:<br /><a
                                href="${action.url}"
                                style="color:${primary};word-break:break-all"
                                >${action.url}</a
                              >
                            </p>`
                        : ''
                    }
                    ${content.footnote ? html`<p style="margin:16px 0 0;font-size:13px;color:#6b7280;line-height:1.5">${content.footnote}</p>` : ''}
                  </td>
                </tr>
                <tr>
                  <td style="padding:16px 24px;background:#f9fafb;font-size:12px;color:#6b7280">
                    &copy; ${year}
                    ${brand.companyName}${siteUrl !== '#' ? html` &middot; <a href="${siteUrl}" style="color:#6b7280">${siteUrl}</a>` : ''}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `;

  const text = [
    brand.companyName,
    '',
    content.heading,
    '',
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.rows?.length ? [...content.rows.map((r) => `${r.label}: ${r.value}`), ''] : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `© ${year} ${brand.companyName}${siteUrl !== '#' ? ` · ${siteUrl}` : ''}`,
  ].join('\n');

  return { subject: oneLine(content.subject), html: body.value, text };
}

/** Subjects are headers: no line breaks, collapsed whitespace. */
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();
