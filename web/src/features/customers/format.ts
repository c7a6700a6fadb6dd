import type { TCustomer } from '@tp/contracts/endpoints/customers';
import type { UserType } from '@tp/contracts/endpoint';
import * as MSG from '@tp/contracts/messages';
import { dialCodeOf, hasValidCountryCode } from '@tp/domain/phone';

export const USER_TYPE_LABELS: Record<UserType, string> = {
  staff: 'Staff',
  travelAgent: 'Travel Agent (B2B)',
  retail: 'Retail (B2C)',
  corporate: 'Corporate',
};

export const personName = (c: Pick<TCustomer, 'firstName' | 'lastName'>): string =>
  `${c.firstName} ${c.lastName}`.trim();

/** "Name or company": the company for agencies and corporates that have one, else the person. */
export const displayName = (c: Pick<TCustomer, 'firstName' | 'lastName' | 'companyName' | 'email'>): string =>
  c.companyName.trim() || personName(c) || c.email;

/** Markup group, or 'Default Group Applicable' when none is mapped (spec 000 §2). */
export const groupLabel = (groupName: string | null | undefined): string =>
  groupName?.trim() || MSG.defaultGroupApplicable;

export function primaryPhone(c: Pick<TCustomer, 'phoneNumbers'>): string {
  const p = c.phoneNumbers.find((x) => x.label === 'Primary' && x.phoneNumber.trim());
  if (!p) return '';
  const dial = hasValidCountryCode(p.phoneCountryCode) ? dialCodeOf(p.phoneCountryCode) : undefined;
  return dial ? `${dial} ${p.phoneNumber}` : p.phoneNumber;
}

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric' });
/** `MM-YYYY` (monthly flight counts) → "Mar 2025". */
export function formatMonthYear(monthYear: string): string {
  const m = /^(\d{2})-(\d{4})$/.exec(monthYear);
  return m ? MONTH.format(new Date(Number(m[2]), Number(m[1]) - 1, 1)) : monthYear;
}
