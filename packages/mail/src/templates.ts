import { renderMail, type MailBrand, type RenderedMail } from './layout.ts';

/** One typed function per mail: the data each needs is in its signature, branding comes from the site. */

const greet = (firstName: string): string => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');
const validFor = (seconds: number): string => {
  const hours = Math.round(seconds / 3600);
  return hours >= 24
    ? `${Math.round(hours / 24)} days`
    : hours >= 1
      ? `${hours} hour${hours === 1 ? '' : 's'}`
      : `${Math.round(seconds / 60)} minutes`;
};

export function verifyEmailMail(
  brand: MailBrand,
  data: { firstName: string; link: string; validForSeconds: number },
): RenderedMail {
  return renderMail(brand, {
    subject: `Verify your email address for ${brand.companyName}`,
    preheader: `Confirm your email address to finish setting up your ${brand.companyName} account.`,
    heading: 'Verify your email address',
    greeting: greet(data.firstName),
    paragraphs: [
      `Thank you for registering with ${brand.companyName}. Please confirm that this is your email address.`,
    ],
    action: { label: 'Verify email address', url: data.link },
    footnote: `This link is valid for ${validFor(data.validForSeconds)}. If you did not create an account, you can ignore this mail.`,
  });
}

/**
 * `reset`: the user forgot a password they had. `generate`: the account has no password yet (created
 * by staff or through Google/Facebook) and the user sets one for the first time.
 */
export function passwordLinkMail(
  brand: MailBrand,
  data: { firstName: string; link: string; validForSeconds: number; kind: 'reset' | 'generate' },
): RenderedMail {
  const reset = data.kind === 'reset';
  return renderMail(brand, {
    subject: reset ? `Reset your ${brand.companyName} password` : `Set your ${brand.companyName} password`,
    preheader: reset ? 'A link to choose a new password.' : 'A link to choose your password.',
    heading: reset ? 'Reset your password' : 'Set your password',
    greeting: greet(data.firstName),
    paragraphs: [
      reset
        ? `We received a request to reset the password of your ${brand.companyName} account.`
        : `Choose a password to sign in to your ${brand.companyName} account with your email address.`,
    ],
    action: { label: reset ? 'Choose a new password' : 'Set password', url: data.link },
    footnote: `This link is valid for ${validFor(data.validForSeconds)} and can be used once. If you did not ask for it, you can ignore this mail; your password stays unchanged.`,
  });
}

export function welcomeMail(brand: MailBrand, data: { firstName: string; loginLink: string }): RenderedMail {
  return renderMail(brand, {
    subject: `Welcome to ${brand.companyName}`,
    preheader: `Your ${brand.companyName} account is ready.`,
    heading: `Welcome to ${brand.companyName}`,
    greeting: greet(data.firstName),
    paragraphs: [
      `Your account is ready. You can now search and book flights, view your tickets and manage your bookings.`,
    ],
    action: { label: 'Sign in', url: data.loginLink },
  });
}

/**
 * Someone signed up with an address that already has an account: the sign-up page answers as
 * for a new account, and the owner learns it here instead.
 */
export function accountExistsMail(brand: MailBrand, data: { firstName: string; loginLink: string }): RenderedMail {
  return renderMail(brand, {
    subject: `Your ${brand.companyName} account`,
    preheader: 'Someone tried to sign up with your email address.',
    heading: 'You already have an account',
    greeting: greet(data.firstName),
    paragraphs: [
      `Someone tried to create a ${brand.companyName} account with this email address, which already has one. No new account was made.`,
      `If it was you, sign in instead. If you forgot your password, choose "Forgot password" on the sign-in page.`,
    ],
    action: { label: 'Sign in', url: data.loginLink },
    footnote: 'If it was not you, you can ignore this mail; your account is unchanged.',
  });
}

/**
 * A password link was asked for an address without an active account: the page answers as
 * for an account, and the address's owner learns here that there is none.
 */
export function noAccountMail(brand: MailBrand, data: { signupLink: string }): RenderedMail {
  return renderMail(brand, {
    subject: `Your ${brand.companyName} password request`,
    preheader: 'There is no account with this email address.',
    heading: 'No account with this address',
    greeting: greet(''),
    paragraphs: [
      `We received a request to reset the ${brand.companyName} password of this email address, but there is no active account with it, so no link was made.`,
      'If you signed up with another address, ask again with that one. You can also create an account.',
    ],
    action: { label: 'Create an account', url: data.signupLink },
    footnote: 'If you did not ask for this, you can ignore this mail.',
  });
}

/**
 * A staff invite: someone of the site's team (or the platform, for a new site's first super admin) opened an
 * account for this address; the link sets its first password, once, before it expires.
 */
export function staffInviteMail(
  brand: MailBrand,
  data: { firstName: string; invitedBy: string; role: string; link: string; validForSeconds: number },
): RenderedMail {
  return renderMail(brand, {
    subject: `You are invited to ${brand.companyName}`,
    preheader: `${data.invitedBy} invited you to join ${brand.companyName} as ${data.role}.`,
    heading: `Join ${brand.companyName}`,
    greeting: greet(data.firstName),
    paragraphs: [
      `${data.invitedBy} invited you to join ${brand.companyName} as ${data.role}. Choose a password to sign in with your email address.`,
    ],
    action: { label: 'Set password', url: data.link },
    footnote: `This link is valid for ${validFor(data.validForSeconds)} and can be used once. If you did not expect this invitation, you can ignore this mail.`,
  });
}
