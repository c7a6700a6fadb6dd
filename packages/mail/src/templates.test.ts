import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeHtml, html, safeColor, safeUrl, textColorOn } from './html.ts';
import { accountExistsMail, noAccountMail, passwordLinkMail, verifyEmailMail, welcomeMail } from './templates.ts';
import type { MailBrand } from './layout.ts';
import { vouchersMail } from './kart-paper.ts';

const brand: MailBrand = {
  companyName: 'Flight Deals',
  logoUrl: '/app/brand/flightdeals.svg',
  primaryColor: '#1c64f2',
  siteUrl: 'http://flightdeals.localhost:4000/app/',
};
const evil = '<script>alert("x")</script> & \'quotes\'';

describe('html builder', () => {
  it('escapes every interpolated value, so no input can open a tag or break out of an attribute', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const escaped = escapeHtml(s);
        return (
          !/[<>"'`]/.test(escaped) && html`<a title="${s}">${s}</a>`.value === `<a title="${escaped}">${escaped}</a>`
        );
      }),
    );
  });

  it('passes nested fragments through and drops empty values', () => {
    const items = ['a<b', 'c'];
    const list = html`<ul>
        ${items.map((i) => html`<li>${i}</li>`)}
      </ul>
      ${null}${false}${undefined}`;
    expect(list.value.replace(/>\s+</g, '><').trim()).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
    expect(escapeHtml(`&<>"'\``)).toBe('&amp;&lt;&gt;&quot;&#39;&#96;');
  });

  it('keeps only http(s) links and #rrggbb colours', () => {
    expect(safeUrl('javascript:alert(1)')).toBe('#');
    expect(safeUrl('data:text/html,hi')).toBe('#');
    expect(safeUrl('/app/logo.svg', 'https://x.example/app/')).toBe('https://x.example/app/logo.svg');
    expect(safeUrl('not a url')).toBe('#');
    expect(safeColor('red;background:url(x)', '#000000')).toBe('#000000');
    expect(safeColor('#0F766E', '#000000')).toBe('#0F766E');
  });

  it('picks readable button text for light and dark brand colours', () => {
    expect(textColorOn('#1c64f2')).toBe('#ffffff');
    expect(textColorOn('#f59e0b')).toBe('#111827');
  });
});

describe('mail templates', () => {
  const mails = [
    verifyEmailMail(brand, {
      firstName: 'Asha',
      link: 'https://flightdeals.example/app/login?verifyEmailToken=abc',
      validForSeconds: 3 * 86400,
    }),
    passwordLinkMail(brand, {
      firstName: 'Asha',
      link: 'https://flightdeals.example/app/generate_password?token=abc',
      validForSeconds: 3600,
      kind: 'reset',
    }),
    passwordLinkMail(brand, {
      firstName: 'Asha',
      link: 'https://flightdeals.example/app/generate_password?token=abc',
      validForSeconds: 3600,
      kind: 'generate',
    }),
    welcomeMail(brand, { firstName: 'Asha', loginLink: 'https://flightdeals.example/app/login' }),
  ];

  it('brand every mail with the company name, the absolute logo and the palette colour', () => {
    for (const m of mails) {
      expect(m.subject).toContain('Flight Deals');
      expect(m.html).toContain('src="http://flightdeals.localhost:4000/app/brand/flightdeals.svg"');
      expect(m.html).toContain('background:#1c64f2');
      expect(m.text).toContain('Flight Deals');
      expect(m.text).toContain('Hello Asha,');
    }
  });

  it('carry the link in both bodies and say how long it lasts', () => {
    const [verify, reset, generate] = mails;
    expect(verify!.text).toContain('https://flightdeals.example/app/login?verifyEmailToken=abc');
    expect(verify!.text).toContain('valid for 3 days');
    expect(reset!.html).toContain('href="https://flightdeals.example/app/generate_password?token=abc"');
    expect(reset!.text).toContain('valid for 1 hour');
    expect(reset!.subject).toBe('Reset your Flight Deals password');
    expect(generate!.subject).toBe('Set your Flight Deals password');
  });

  it('escape site and user data in the HTML body', () => {
    const hostile: MailBrand = {
      ...brand,
      companyName: evil,
      primaryColor: 'red"><script>',
      logoUrl: 'javascript:alert(1)',
    };
    const m = verifyEmailMail(hostile, {
      firstName: evil,
      link: 'javascript:alert(document.cookie)',
      validForSeconds: 3600,
    });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(m.html).not.toContain('javascript:');
    expect(m.html).not.toMatch(/<img/); // an unusable logo is left out rather than linked
    expect(m.html).toContain('background:#1c64f2'); // the fallback colour, not the injected one
    expect(m.subject).not.toMatch(/[\r\n]/);
  });

  it('greet without a name when there is none', () => {
    expect(welcomeMail(brand, { firstName: ' ', loginLink: 'https://x.example/' }).text).toContain('Hello,');
  });
});

describe('mails that answer for an address without saying so on the page', () => {
  it('tells an owner someone tried to sign up, with a sign-in link and no password link', () => {
    const mail = accountExistsMail(brand, {
      firstName: evil,
      loginLink: 'http://flightdeals.localhost:4000/app/login',
    });
    expect(mail.subject).toBe('Your Flight Deals account');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('http://flightdeals.localhost:4000/app/login');
    expect(mail.text).not.toContain('generate_password');
  });

  it('tells an address without an account that there is none, with no link to set a password', () => {
    const mail = noAccountMail(brand, { signupLink: 'http://flightdeals.localhost:4000/app/signup' });
    expect(mail.subject).toBe('Your Flight Deals password request');
    expect(mail.text).toContain('there is no active account with it');
    expect(mail.text).toContain('http://flightdeals.localhost:4000/app/signup');
    expect(mail.text).not.toContain('generate_password');
  });
});

describe('the guest’s vouchers', () => {
  const data = {
    customerName: 'Meera Iyer',
    kartName: 'Lagoon break',
    quotationId: 'Q20990301-ABC123',
    services: ['Q20990301-ABC123-H1: Lagoon Resort, 10 Mar 2099, confirmation number LR-42'],
    link: 'https://flightdeals.example/app/quotation/s1/vouchers',
  };

  it('confirm the trip when vouchered, and name the supplier’s number when it confirms later', () => {
    const first = vouchersMail(brand, data);
    expect(first.subject).toBe('Confirmed: Lagoon break (Q20990301-ABC123), your vouchers');
    const later = vouchersMail(brand, {
      ...data,
      supplierConfirmed: {
        supplierName: 'Lagoon Resort',
        service: 'Lagoon Resort',
        reference: 'Q20990301-ABC123-H1',
        confirmationNumber: 'LR-42',
      },
    });
    expect(later.subject).toBe('Booking confirmed: Lagoon Resort (Q20990301-ABC123-H1), confirmation number LR-42');
    expect(later.text).toContain(
      'Lagoon Resort (Q20990301-ABC123-H1) of your trip "Lagoon break" (Q20990301-ABC123) is confirmed, confirmation number LR-42.',
    );
    expect(later.text).toContain('LR-42');
    expect(later.html).toContain('https://flightdeals.example/app/quotation/s1/vouchers');
  });
});
