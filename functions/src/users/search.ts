/**
 * Prefix search over users without a scan: each user has small token items (email, names, company,
 * phones) under one partition per site, and a query is a prefix range of their sort keys (`prefixRange`).
 */
import type { TPhoneEntry } from '@tp/contracts/endpoints/users';
import { phoneIdentity } from './phone.ts';

const MAX_TOKEN = 60;

/** Lower case, single spaces, no `#` (the key separator), bounded length. */
export const normaliseText = (s: string): string =>
  s.toLowerCase().replace(/#/g, '').replace(/\s+/g, ' ').trim().slice(0, MAX_TOKEN);

const digits = (s: string): string => s.replace(/\D/g, '');

/** A query that looks like a phone number is matched on its digits only. */
export function normaliseQuery(query: string): string {
  const q = query.trim();
  return /^[+\d\s()-]+$/.test(q) && digits(q) ? digits(q).slice(0, MAX_TOKEN) : normaliseText(q);
}

export interface Searchable {
  email: string;
  firstName: string;
  lastName: string;
  companyName?: string;
  phoneNumbers: readonly TPhoneEntry[];
}

/** The distinct tokens a user is found by. */
export function searchTokens(u: Searchable): string[] {
  const company = normaliseText(u.companyName ?? '');
  const phones = u.phoneNumbers.flatMap((p) => {
    const id = phoneIdentity(p.phoneNumber, p.phoneCountryCode);
    return [digits(p.phoneNumber), id ? digits(id.e164) : ''];
  });
  const tokens = [
    normaliseText(u.email),
    normaliseText(u.firstName),
    normaliseText(u.lastName),
    normaliseText(`${u.firstName} ${u.lastName}`),
    company,
    // "Tours" finds "Mehta Tours & Travels" too.
    ...company.split(' ').filter((w) => w.length > 1),
    ...phones.map((p) => p.slice(0, MAX_TOKEN)),
  ];
  return [...new Set(tokens.filter(Boolean))];
}
