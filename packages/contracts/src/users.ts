import * as z from 'zod';
import { isValidPhone } from '@tp/domain/phone';
import { USER_TYPES } from './endpoint.ts';
import { MSG } from './messages.ts';
import { zEmail, zOptionalText, zRequired } from './common.ts';

export const PHONE_LABELS = ['Primary', 'Secondary', 'Emergency'] as const;
export const GENDER = { Male: 1, Female: 2 } as const;

export const ZPhoneEntry = z.object({
  label: z.enum(PHONE_LABELS),
  phoneNumber: z.string().trim(),
  /** ISO country code, lower case; 'INVALID' means none (spec 000 §3). */
  phoneCountryCode: z.string().trim(),
});
export type TPhoneEntry = z.infer<typeof ZPhoneEntry>;

/** A phone entry whose number must be valid for its country. */
export const ZValidPhoneEntry = ZPhoneEntry.superRefine((p, ctx) => {
  if (!isValidPhone(p.phoneNumber, p.phoneCountryCode))
    ctx.addIssue({ code: 'custom', message: MSG.invalidPhone, path: ['phoneNumber'] });
});

export const ZLegalEntityRef = z.object({ id: z.string(), name: z.string() });

/** The signed-in user as the browser sees it. Never carries a password hash or token. */
export const ZUser = z.object({
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
  companyName: z.string().optional(),
  panNumber: z.string().optional(),
  gstNumber: z.string().optional(),
  company: z
    .object({ companyName: z.string(), address1: z.string(), address2: z.string().optional(), secondaryPhone: z.string().optional() })
    .optional(),
  billing: z
    .object({ billingName: z.string(), gstNumber: z.string(), gstState: z.string(), panNumber: z.string() })
    .optional(),
  isFlightHoldAllowed: z.boolean(),
  isFlightSearchAllowed: z.boolean(),
  taLogoUrl: z.string().optional(),
  referralCode: z.string(),
  legalEntity: ZLegalEntityRef,
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

const password = z
  .string({ error: MSG.required })
  .min(8, MSG.passwordRules)
  .max(128, MSG.passwordRules)
  .regex(/[A-Za-z]/, MSG.passwordRules)
  .regex(/\d/, MSG.passwordRules);
export const ZPassword = password;

const phoneField = (numberKey: string, codeKey: string) =>
  ((data: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const n = String(data[numberKey] ?? '');
    const c = String(data[codeKey] ?? '');
    if (!n) ctx.addIssue({ code: 'custom', message: MSG.required, path: [numberKey] });
    else if (!isValidPhone(n, c)) ctx.addIssue({ code: 'custom', message: MSG.invalidPhone, path: [numberKey] });
  });

/** Retail registration: userType, gender, firstName, lastName, email, phone, phoneCode (spec 000 §5). */
export const ZRetailSignup = z
  .object({
    userType: z.literal('retail'),
    gender: z.union([z.literal(1), z.literal(2)], { error: MSG.required }),
    firstName: zRequired(),
    lastName: zRequired(),
    email: zEmail(),
    phone: z.string({ error: MSG.required }).trim(),
    phoneCode: zRequired(),
    password,
  })
  .superRefine(phoneField('phone', 'phoneCode'));

/** Travel-agent company registration (spec 000 §5). */
export const ZAgentSignup = z
  .object({
    userType: z.literal('travelAgent'),
    companyName: zRequired(),
    primaryEmail: zEmail(),
    primaryPhone: z.string({ error: MSG.required }).trim(),
    primaryPhoneCode: zRequired(),
    secondaryPhone: z.string({ error: MSG.required }).trim(),
    secondaryPhoneCode: zRequired(),
    firstName: zRequired(),
    lastName: zOptionalText(),
    country: zRequired(),
    state: zRequired(),
    city: zRequired(),
    pincode: zRequired(),
    address1: zRequired(),
    address2: zOptionalText(),
    password,
  })
  .superRefine(phoneField('primaryPhone', 'primaryPhoneCode'))
  .superRefine(phoneField('secondaryPhone', 'secondaryPhoneCode'));

export const ZSignup = z.discriminatedUnion('userType', [ZRetailSignup, ZAgentSignup], { error: MSG.required });
export type TSignup = z.input<typeof ZSignup>;

export const ZLogin = z.object({ email: zEmail(), password: z.string({ error: MSG.required }).min(1, MSG.required) });

