import * as z from 'zod/mini';
import { isValidPhone } from '@tp/domain/phone';
import { USER_TYPES } from './endpoint.ts';
import { isCommonPassword } from '#common-passwords';
import * as MSG from './messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './common-passwords.ts';
import { zEmail } from './common.ts';
import { zAddress, zName, zPhoneCountry, zPhoneText, zSecret } from './fields.ts';
import { lazy } from './lazy.ts';

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
