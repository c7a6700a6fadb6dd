/** Visa records as the API answers them, and a fake API serving them (the visa screens' tests). */
import type { TVisaCategory, TVisaChecklist, TVisaCountry } from '@tp/contracts/endpoints/visa';
import { getVisaCategory, getVisaChecklist, getVisaCountries } from '@tp/contracts/endpoints/visa';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi } from '#test/fake-api.ts';

const AT = '2026-11-20T06:30:00.000Z';
export const country = (over: Partial<TVisaCountry> = {}): TVisaCountry => ({
  _id: 'uae',
  countryName: 'United Arab Emirates',
  countryCode: 'AE',
  categoryCount: 2,
  version: 1,
  updatedAt: AT,
  ...over,
});
export const category = (over: Partial<TVisaCategory> = {}): TVisaCategory => ({
  _id: 'visa-uae-tourist-30',
  visaCategory: 'Tourist visa – 30 days',
  slug: 'tourist-visa-30-days',
  countryId: 'uae',
  countryName: 'United Arab Emirates',
  summary: 'Single entry · stay up to 30 days',
  position: 0,
  checklistCount: 2,
  version: 1,
  updatedAt: AT,
  ...over,
});
export const checklist = (code: string | null, html: string, over: Partial<TVisaChecklist> = {}): TVisaChecklist => ({
  _id: `c-${code ?? 'default'}`,
  categoryId: 'visa-uae-tourist-30',
  nationality_countryId: code
    ? { _id: code, countryCode: code, countryName: code === 'IN' ? 'India' : code === 'GB' ? 'United Kingdom' : code }
    : null,
  html,
  fee: 0,
  documents: [],
  version: 1,
  updatedAt: AT,
  ...over,
});

export const COUNTRIES = [
  country(),
  country({ _id: 'narnia', countryName: 'Narnia', countryCode: '', categoryCount: 0 }),
  country({ _id: 'thailand', countryName: 'Thailand', countryCode: 'TH', categoryCount: 1 }),
];
export const CATEGORIES = [
  category(),
  category({
    _id: 'visa-uae-transit-96',
    visaCategory: 'Transit visa – 96 hours',
    slug: 'transit-visa-96-hours',
    summary: 'Stay up to 96 hours',
  }),
];
export const LISTS = [
  checklist('IN', '<p>Indian passport, PAN card</p><script>window.hacked = 1</script>'),
  checklist('GB', '<p>British passport</p>'),
  checklist(null, '<p>Passport and photo</p>'),
];

export function visaApi() {
  return fakeApi()
    .on(getVisaCountries, COUNTRIES)
    .on(getVisaCategory, ({ countryName }) =>
      countryName === 'uae' ? CATEGORIES : failure(404, MSG.visaCategoriesFailed),
    )
    .on(getVisaChecklist, LISTS);
}
