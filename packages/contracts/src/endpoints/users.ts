import * as z from 'zod/mini';
import { endpoint, USER_TYPES } from '../endpoint.ts';
import { zEmail, zEmpty, ZOk } from '../common.ts';
import { zAddress, zJwt, zName, zPhoneCountry, zPhoneText, zSecret, zToken } from '../fields.ts';
import * as MSG from '../messages.ts';
import { lazy } from '../lazy.ts';
import { isValidPhone } from '@tp/domain/phone';
import { isCommonPassword } from '#common-passwords';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../common-passwords.ts';

export const PHONE_LABELS = ['Primary', 'Secondary', 'Emergency'] as const;
export const GENDER = { Male: 1, Female: 2 } as const;

export const ZPhoneEntry = lazy(() =>
  z.object({
    label: z.enum(PHONE_LABELS),
    phoneNumber: z.string().check(z.trim()),
    /** ISO country code, lower case; 'INVALID' means none (spec 000 §3). */
    phoneCountryCode: z.string().check(z.trim()),
  }),
);
export type TPhoneEntry = z.infer<typeof ZPhoneEntry>;

/** A phone entry whose number must be valid for its country. */
export const ZValidPhoneEntry = lazy(() =>
  z
    .object({
      label: z.enum(PHONE_LABELS),
      phoneNumber: zPhoneText({ required: false }),
      phoneCountryCode: zPhoneCountry({ required: false }),
    })
    .check(
      z.superRefine((p, ctx) => {
        if (!isValidPhone(p.phoneNumber, p.phoneCountryCode))
          ctx.addIssue({ code: 'custom', message: MSG.invalidPhone, path: ['phoneNumber'] });
      }),
    ),
);

export const ZLegalEntityRef = lazy(() => z.object({ id: z.string(), name: z.string() }));

/** The signed-in user as the browser sees it. Never carries a password hash or token. */
export const ZUser = lazy(() =>
  z.object({
    id: z.string(),
    users_id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumbers: z.array(ZPhoneEntry),
    userType: z.enum(USER_TYPES),
    /** 'verified' means the email address is verified. */
    status: z.enum(['verified', 'pending']),
    isBlocked: z.boolean(),
    isUserSuperAdmin: z.boolean(),
    companyName: z.optional(z.string()),
    panNumber: z.optional(z.string()),
    gstNumber: z.optional(z.string()),
    company: z.optional(
      z.object({
        companyName: z.string(),
        address1: z.string(),
        address2: z.optional(z.string()),
        secondaryPhone: z.optional(z.string()),
      }),
    ),
    billing: z.optional(
      z.object({ billingName: z.string(), gstNumber: z.string(), gstState: z.string(), panNumber: z.string() }),
    ),
    isFlightHoldAllowed: z.boolean(),
    isFlightSearchAllowed: z.boolean(),
    taLogoUrl: z.optional(z.string()),
    referralCode: z.string(),
    legalEntity: ZLegalEntityRef,
    createdAt: z.string(),
  }),
);
export type TUser = z.infer<typeof ZUser>;

/**
 * A new password (signup, set, change): long enough and not on the common / breached list. No
 * composition rules (NIST SP 800-63B): `Password1!` passes those and is still among the first guesses.
 * Lambda and Node check the list; the browser checks the length and shows the server's refusal.
 */
const password = lazy(() =>
  z
    .string({ error: MSG.required })
    .check(z.minLength(PASSWORD_MIN_LENGTH, MSG.passwordRules))
    .check(z.maxLength(PASSWORD_MAX_LENGTH, MSG.tooLong(PASSWORD_MAX_LENGTH)))
    .check(z.refine((p) => !isCommonPassword(p), MSG.commonPassword)),
);
export const ZPassword = password;

/**
 * A phone number valid for its country code. It runs even when other fields failed (`when`), so a
 * form shows every error on the first submit; it stays quiet while the number or code is missing
 * (those fields report the required message themselves).
 */
const validPhone = (numberKey: string, codeKey: string) =>
  [
    (data: Record<string, unknown>) => isValidPhone(String(data[numberKey] ?? ''), String(data[codeKey] ?? '')),
    {
      message: MSG.invalidPhone,
      path: [numberKey],
      when: (payload: z.core.ParsePayload) => {
        const v = payload.value as Record<string, unknown> | undefined;
        const touched = (k: string) => payload.issues.some((i) => i.path?.[0] === k);
        return !!v && typeof v[numberKey] === 'string' && !touched(numberKey) && !touched(codeKey);
      },
    },
  ] as [
    (data: Record<string, unknown>) => boolean,
    { message: string; path: PropertyKey[]; when: (p: z.core.ParsePayload) => boolean },
  ];

/** Retail registration: userType, gender, firstName, lastName, email, phone, phoneCode (spec 000 §5). */
export const ZRetailSignup = lazy(() =>
  z
    .object({
      userType: z.literal('retail'),
      gender: z.union([z.literal(1), z.literal(2)], { error: MSG.required }),
      firstName: zName(),
      lastName: zName(),
      email: zEmail(),
      phone: zPhoneText(),
      phoneCode: zPhoneCountry(),
      password,
    })
    .check(z.refine(...validPhone('phone', 'phoneCode'))),
);

/** Travel-agent company registration (spec 000 §5). */
export const ZAgentSignup = lazy(() =>
  z
    .object({
      userType: z.literal('travelAgent'),
      companyName: zName(),
      primaryEmail: zEmail(),
      primaryPhone: zPhoneText(),
      primaryPhoneCode: zPhoneCountry(),
      secondaryPhone: zPhoneText(),
      secondaryPhoneCode: zPhoneCountry(),
      firstName: zName(),
      lastName: z.optional(zName({ required: false })),
      country: zAddress(),
      state: zAddress(),
      city: zAddress(),
      pincode: zAddress({ max: 12 }),
      address1: zAddress(),
      address2: z.optional(zAddress({ required: false })),
      password,
    })
    .check(z.refine(...validPhone('primaryPhone', 'primaryPhoneCode')))
    .check(z.refine(...validPhone('secondaryPhone', 'secondaryPhoneCode'))),
);

export const ZSignup = lazy(() =>
  z.discriminatedUnion('userType', [ZRetailSignup, ZAgentSignup], { error: MSG.required }),
);
export type TSignup = z.input<typeof ZSignup>;

export const ZLogin = lazy(() => z.object({ email: zEmail(), password: zSecret() }));

export const signup = endpoint({
  id: 'users.signup',
  api: 'site',
  method: 'POST',
  path: 'wl/user/signup',
  domain: 'users',
  auth: 'public',
  request: ZSignup,
  response: lazy(() => z.object({ userId: z.string(), email: z.string() })),
  summary: 'Retail or travel-agent registration; sends the email-verification mail.',
});

/** Our own call: the specs show the login screen but not its path. */
export const login = endpoint({
  id: 'users.login',
  api: 'site',
  method: 'POST',
  path: 'wl/user/login',
  domain: 'users',
  auth: 'public',
  request: ZLogin,
  response: ZUser,
  summary: 'Email + password sign-in; sets the HttpOnly auth-token cookie.',
});

export const logout = endpoint({
  id: 'users.logout',
  api: 'site',
  method: 'POST',
  path: 'wl/user/logout',
  domain: 'users',
  auth: 'public',
  openWhenSuspended: true,
  request: zEmpty,
  response: ZOk,
  summary: 'Ends the session and clears the cookie (works when already signed out).',
});

export const getUserBySessionId = endpoint({
  id: 'users.getUserBySessionId',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getUserBySessionId',
  domain: 'users',
  auth: 'user',
  request: zEmpty,
  response: ZUser,
  summary: 'The signed-in user for the auth token; 401 sends the browser to logout.',
});

export const loginBySessionId = endpoint({
  id: 'users.loginBySessionId',
  api: 'site',
  method: 'POST',
  path: 'wl/user/loginBySessionId',
  domain: 'users',
  auth: 'public',
  request: lazy(() => z.object({ sessionId: zToken() })),
  response: ZUser,
  summary: 'Exchanges a one-time hand-off session id (from jump login or the core site) for a session cookie.',
});

export const forgetPassword = endpoint({
  id: 'users.forgetPassword',
  api: 'site',
  method: 'POST',
  path: 'wl/user/forgetPassword',
  domain: 'users',
  auth: 'public',
  request: lazy(() => z.object({ email: zEmail() })),
  response: ZOk,
  summary: 'Mails a password link through the email queue; same answer whether or not the account exists.',
});

export const generatePassword = endpoint({
  id: 'users.generatePassword',
  api: 'site',
  method: 'POST',
  path: 'wl/user/generatePassword',
  domain: 'users',
  auth: 'public',
  request: lazy(() =>
    z
      .object({ token: zToken(), password: ZPassword, confirmPassword: zSecret({ required: false }) })
      .check(
        z.refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDiffer, path: ['confirmPassword'] }),
      ),
  ),
  response: ZOk,
  summary: 'Sets a password from an emailed link (also verifies the email address).',
});

/** Our own call: "password change ... calls exist; paths not shown". */
export const changePassword = endpoint({
  id: 'users.changePassword',
  api: 'site',
  method: 'POST',
  path: 'wl/user/changePassword',
  domain: 'users',
  auth: 'user',
  request: lazy(() =>
    z
      .object({ currentPassword: zSecret(), newPassword: ZPassword, confirmPassword: zSecret({ required: false }) })
      .check(
        z.refine((v) => v.newPassword === v.confirmPassword, {
          message: MSG.passwordsDiffer,
          path: ['confirmPassword'],
        }),
      ),
  ),
  response: ZOk,
  summary: 'Changes the password and ends every other session of the user (the current one stays).',
});

/** Our own call: the link in the verification mail. */
export const verifyEmail = endpoint({
  id: 'users.verifyEmail',
  api: 'site',
  method: 'POST',
  path: 'wl/user/verifyEmail',
  domain: 'users',
  auth: 'public',
  request: lazy(() => z.object({ token: zToken() })),
  response: ZOk,
  summary: 'Marks the email address verified from the emailed link.',
});

export const googleLogin = endpoint({
  id: 'users.googleLogin',
  api: 'site',
  method: 'POST',
  path: 'wl/user/googleLogin',
  domain: 'users',
  auth: 'public',
  request: lazy(() => z.object({ credential: zJwt() })),
  response: ZUser,
  summary: 'Google ID token verified server-side against the configured keys; signs in or registers a retail user.',
});

export const facebookLogin = endpoint({
  id: 'users.facebookLogin',
  api: 'site',
  method: 'POST',
  path: 'wl/user/facebookLogin',
  domain: 'users',
  auth: 'public',
  request: lazy(() => z.object({ credential: zJwt() })),
  response: ZUser,
  summary: 'Facebook (Limited Login) OIDC token verified server-side; signs in or registers a retail user.',
});

export const changeMyPhoneDetails = endpoint({
  id: 'users.changeMyPhoneDetails',
  api: 'site',
  method: 'POST',
  path: 'user/changeMyPhoneDetails',
  domain: 'users',
  auth: 'user',
  request: lazy(() =>
    z.object({
      phoneNumbers: z.array(ZValidPhoneEntry).check(z.minLength(1, MSG.phoneRequired)).check(z.maxLength(10)),
    }),
  ),
  response: ZUser,
  summary: 'Replaces the signed-in user phone numbers (phone-verification modal).',
});

export const userEndpoints = [
  signup,
  login,
  logout,
  getUserBySessionId,
  loginBySessionId,
  forgetPassword,
  generatePassword,
  changePassword,
  verifyEmail,
  googleLogin,
  facebookLogin,
  changeMyPhoneDetails,
];
