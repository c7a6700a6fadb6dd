/**
 * Visas through the gateway: the public reads (countries, categories by link name, name or ISO
 * code, checklists with IN first and the default last, the spec's error texts), the staff maintenance of
 * countries, categories and checklists (uniqueness, concurrency, counters that block deleting a parent), html
 * sanitised when saved and when read, bad input refused with nothing written, other sites and callers without
 * `visa.manage` refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  VISA_MSG,
  deleteVisaCategory,
  deleteVisaChecklist,
  deleteVisaCountry,
  getVisaCategory,
  getVisaChecklist,
  getVisaCountries,
  saveVisaCategory,
  saveVisaChecklist,
  saveVisaCountry,
} from '@tp/contracts/endpoints/visa';
import * as MSG from '@tp/contracts/messages';
import { listEnquiries, submitEnquiry } from '@tp/contracts/endpoints/enquiries';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { commit } from '../../functions/src/visa/repo.ts';
import { visaKeys } from '../../functions/src/visa/keys.ts';
import { tableName } from '../../functions/src/lib/db.ts';
import { Client } from '../support/api.ts';
import { demo } from './customers-helpers.ts';
import { uniquePhone } from './users-helpers.ts';
import { FLIGHTDEALS, SKYWAY, ok, refused, staff, tag } from './dmc-helpers.ts';

let c: Client;
let visitor: Client;

beforeAll(async () => {
  c = await staff();
  visitor = new Client(FLIGHTDEALS.domain);
});

/** A fresh country of the test's own (its link name is unique). */
async function newCountry(name = `Atlantis ${tag()}`) {
  return ok(c, saveVisaCountry, { countryName: name, countryCode: '' });
}
async function newCategory(countryId: string, visaCategory = 'Tourist visa – 30 days', position = 0) {
  return ok(c, saveVisaCategory, { countryId, visaCategory, summary: 'Stay up to 30 days', position });
}

describe('public reads (seeded Flight Deals content)', () => {
  it('lists the destination countries by name, with their category counts', async () => {
    const countries = await ok(visitor, getVisaCountries, {});
    const uae = countries.find((x: { _id: string }) => x._id === 'uae');
    expect(uae).toMatchObject({ countryName: 'United Arab Emirates', countryCode: 'AE', categoryCount: 3 });
    const names = countries.map((x: { countryName: string }) => x.countryName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });

  it('finds a country by link name, name or ISO code, in any case', async () => {
    for (const countryName of ['uae', 'UAE', 'United Arab Emirates', 'united arab emirates', 'ae']) {
      const cats = await ok(visitor, getVisaCategory, { countryName });
      expect(cats.map((x: { _id: string }) => x._id)).toEqual([
        'visa-uae-tourist-30',
        'visa-uae-tourist-60',
        'visa-uae-transit-96',
      ]);
    }
    const [first] = await ok(visitor, getVisaCategory, { countryName: 'uae' });
    expect(first).toMatchObject({
      visaCategory: 'Tourist visa – 30 days',
      slug: 'tourist-visa-30-days',
      countryId: 'uae',
      countryName: 'United Arab Emirates',
      checklistCount: 2,
    });
  });

  it('answers the checklists IN first and the default last', async () => {
    const lists = await ok(visitor, getVisaChecklist, { categoryId: 'visa-uae-tourist-30' });
    expect(lists.map((l: any) => l.nationality_countryId?.countryCode ?? null)).toEqual(['IN', null]);
    expect(lists[0].nationality_countryId).toEqual({ _id: 'IN', countryCode: 'IN', countryName: 'India' });
    expect(lists[0].html).toContain('<li>');
  });

  it("says 'Could not fetch visa categories' / 'Could not fetch visa checklist' for what does not exist", async () => {
    const a = await refused(visitor, getVisaCategory, { countryName: 'Narnia' }, 404);
    expect(a.message).toBe(MSG.visaCategoriesFailed);
    const b = await refused(visitor, getVisaChecklist, { categoryId: 'no-such-category' }, 404);
    expect(b.message).toBe(MSG.visaChecklistFailed);
  });

  it('refuses bad input plainly', async () => {
    expect((await refused(visitor, getVisaCategory, { countryName: '  ' })).shortError).toEqual({
      countryName: MSG.required,
    });
    expect((await refused(visitor, getVisaChecklist, { categoryId: 'a#b' })).shortError).toEqual({
      categoryId: MSG.invalidReference,
    });
    expect((await refused(visitor, getVisaCategory, {})).message).toBe(MSG.required);
  });
});

describe('staff maintenance', () => {
  it('adds a country (link name from the name), refuses a taken link name, renames keeping the link', async () => {
    const t = tag();
    const country = await ok(c, saveVisaCountry, { countryName: `Atlantis ${t}`, countryCode: '' });
    expect(country).toMatchObject({ _id: `atlantis-${t}`, categoryCount: 0, version: 1 });
    const taken = await refused(c, saveVisaCountry, { countryName: `Atlantis ${t}` }, 409);
    expect(taken.message).toBe(VISA_MSG.countryTaken);

    const renamed = await ok(c, saveVisaCountry, {
      id: country._id,
      countryName: `Atlantis Republic ${t}`,
      countryCode: 'mv',
      version: 1,
    });
    expect(renamed).toMatchObject({ _id: country._id, countryName: `Atlantis Republic ${t}`, countryCode: 'MV' });
    // Stale version: nothing written.
    const stale = await refused(c, saveVisaCountry, { id: country._id, countryName: 'Other', version: 1 }, 409);
    expect(stale.message).toBe(VISA_MSG.changedMeanwhile);
    const cats = await ok(visitor, getVisaCategory, { countryName: `Atlantis Republic ${t}` });
    expect(cats).toEqual([]);
  });

  it('refuses a bad link name or country code', async () => {
    const a = await refused(c, saveVisaCountry, { countryName: 'Oz', slug: 'Oz Land!' });
    expect(a.shortError).toEqual({ slug: VISA_MSG.invalidSlug });
    const b = await refused(c, saveVisaCountry, { countryName: 'Oz', countryCode: 'XX' });
    expect(b.shortError).toEqual({ countryCode: VISA_MSG.invalidCountryCode });
    const d = await refused(c, saveVisaCountry, { countryName: 'Oz', countryCode: 'IND' });
    expect(d.shortError).toEqual({ countryCode: VISA_MSG.invalidCountryCode });
  });

  it('keeps categories in position order, unique per country, counted on their country', async () => {
    const country = await newCountry();
    const b = await newCategory(country._id, 'Transit visa', 2);
    const a = await newCategory(country._id, 'Tourist visa – 30 days', 1);
    const dup = await refused(
      c,
      saveVisaCategory,
      { countryId: country._id, visaCategory: 'TOURIST visa – 30 days' },
      409,
    );
    expect(dup.message).toBe(VISA_MSG.categoryTaken);

    let cats = await ok(visitor, getVisaCategory, { countryName: country._id });
    expect(cats.map((x: { _id: string }) => x._id)).toEqual([a._id, b._id]);
    expect((await ok(visitor, getVisaCountries, {})).find((x: any) => x._id === country._id).categoryCount).toBe(2);

    // Rename and move first; the old name is free again.
    const edited = await ok(c, saveVisaCategory, {
      id: b._id,
      countryId: country._id,
      visaCategory: 'Transit visa – 96 hours',
      summary: 'Up to 96 hours',
      position: 0,
      version: 1,
    });
    expect(edited).toMatchObject({ slug: 'transit-visa-96-hours', version: 2 });
    cats = await ok(visitor, getVisaCategory, { countryName: country._id });
    expect(cats.map((x: { _id: string }) => x._id)).toEqual([b._id, a._id]);
    await newCategory(country._id, 'Transit visa');
    const renameTaken = await refused(
      c,
      saveVisaCategory,
      { id: a._id, countryId: country._id, visaCategory: 'transit visa – 96 HOURS', version: 1 },
      409,
    );
    expect(renameTaken.message).toBe(VISA_MSG.categoryTaken);

    const unknown = await refused(c, saveVisaCategory, { countryId: 'no-such-country', visaCategory: 'X' });
    expect(unknown.shortError).toEqual({ countryId: VISA_MSG.unknownCountry });

    // A country with categories is not deleted.
    const busy = await refused(c, deleteVisaCountry, { id: country._id }, 409);
    expect(busy.message).toBe(VISA_MSG.countryHasCategories);
  });

  it('writes checklists per nationality, sanitised when saved; IN first, the default last', async () => {
    const country = await newCountry();
    const cat = await newCategory(country._id);
    const dirty =
      '<h3>Documents</h3><ul><li>Passport<script>alert(1)</script></li><li><img src="x" onerror="alert(2)">Photo</li></ul>' +
      '<p><a href="javascript:alert(3)">bad</a> <a href="https://gdrfad.gov.ae" target="_blank">GDRFA</a></p>';
    const saved = await ok(c, saveVisaChecklist, { categoryId: cat._id, nationality: 'in', html: dirty });
    expect(saved.nationality_countryId).toEqual({ _id: 'IN', countryCode: 'IN', countryName: 'India' });
    expect(saved.html).not.toMatch(/script|onerror|javascript:|alert/);
    expect(saved.html).toContain('<li>Passport</li>');
    expect(saved.html).toContain('rel="noopener noreferrer"');

    await ok(c, saveVisaChecklist, { categoryId: cat._id, nationality: '', html: '<p>Passport and photo</p>' });
    await ok(c, saveVisaChecklist, { categoryId: cat._id, nationality: 'GB', html: '<p>Passport only</p>' });
    const lists = await ok(visitor, getVisaChecklist, { categoryId: cat._id });
    expect(lists.map((l: any) => l.nationality_countryId?.countryCode ?? null)).toEqual(['IN', 'GB', null]);
    expect(lists[0].html).toBe(saved.html);
    const [withCount] = await ok(visitor, getVisaCategory, { countryName: country._id });
    expect(withCount.checklistCount).toBe(3);

    // A second checklist for the same nationality: refused; an edit needs the version loaded.
    const dup = await refused(c, saveVisaChecklist, { categoryId: cat._id, nationality: 'IN', html: '<p>x</p>' }, 409);
    expect(dup.message).toBe(VISA_MSG.checklistTaken);
    const edited = await ok(c, saveVisaChecklist, {
      categoryId: cat._id,
      nationality: 'IN',
      html: '<p>Passport, photo and ticket</p>',
      version: 1,
    });
    expect(edited).toMatchObject({ version: 2, html: '<p>Passport, photo and ticket</p>', _id: saved._id });
    const stale = await refused(
      c,
      saveVisaChecklist,
      { categoryId: cat._id, nationality: 'IN', html: '<p>older</p>', version: 1 },
      409,
    );
    expect(stale.message).toBe(VISA_MSG.changedMeanwhile);
    expect((await ok(visitor, getVisaChecklist, { categoryId: cat._id }))[0].html).toBe(
      '<p>Passport, photo and ticket</p>',
    );

    // A category with checklists is not deleted; emptied, it is, and its country then can be too.
    expect((await refused(c, deleteVisaCategory, { id: cat._id }, 409)).message).toBe(VISA_MSG.categoryHasChecklists);
    for (const nationality of ['IN', 'GB', '']) await ok(c, deleteVisaChecklist, { categoryId: cat._id, nationality });
    expect(await ok(visitor, getVisaChecklist, { categoryId: cat._id })).toEqual([]);
    const gone = await refused(c, deleteVisaChecklist, { categoryId: cat._id, nationality: 'IN' }, 404);
    expect(gone.message).toBe(VISA_MSG.unknownChecklist);
    await ok(c, deleteVisaCategory, { id: cat._id });
    await refused(visitor, getVisaChecklist, { categoryId: cat._id }, 404);
    await ok(c, deleteVisaCountry, { id: country._id });
    await refused(visitor, getVisaCategory, { countryName: country._id }, 404);
  });

  it('refuses empty, unknown-nationality or oversized checklists, writing nothing', async () => {
    const country = await newCountry();
    const cat = await newCategory(country._id);
    const empty = await refused(c, saveVisaChecklist, {
      categoryId: cat._id,
      nationality: 'IN',
      html: '<p> </p><script>only a script</script>',
    });
    expect(empty.shortError).toEqual({ html: VISA_MSG.emptyChecklist });
    const nat = await refused(c, saveVisaChecklist, { categoryId: cat._id, nationality: 'ZZ', html: '<p>x</p>' });
    expect(nat.shortError).toEqual({ nationality: VISA_MSG.unknownNationality });
    const big = await refused(c, saveVisaChecklist, {
      categoryId: cat._id,
      nationality: 'IN',
      html: `<p>${'a'.repeat(101 * 1024)}</p>`,
    });
    expect(big.shortError?.html).toBe(MSG.tooLong(100 * 1024));
    const noCat = await refused(c, saveVisaChecklist, { categoryId: 'no-such-category', html: '<p>x</p>' });
    expect(noCat.shortError).toEqual({ categoryId: VISA_MSG.unknownCategory });
    expect(await ok(visitor, getVisaChecklist, { categoryId: cat._id })).toEqual([]);
  });

  it('sanitises html again when read (content stored before a rule)', async () => {
    const country = await newCountry();
    const cat = await newCategory(country._id);
    const siteId = asSiteId(FLIGHTDEALS.siteId);
    // Written straight into the table, as an older record could be.
    const codes = await commit([
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...visaKeys.checklist(siteId, cat._id, 'IN'),
            kind: 'visaChecklist',
            id: 'legacy',
            categoryId: cat._id,
            nationality: 'IN',
            html: '<p onclick="steal()">Passport</p><iframe src="https://evil.example"></iframe>',
            version: 1,
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          },
        },
      },
    ]);
    expect(codes).toBeNull();
    const [list] = await ok(visitor, getVisaChecklist, { categoryId: cat._id });
    expect(list.html).toBe('<p>Passport</p>');
  });
});

describe('tenancy and permissions', () => {
  it('shows another site nothing of this one and lets its staff change nothing', async () => {
    const other = await staff(SKYWAY);
    const otherVisitor = new Client(SKYWAY.domain);
    expect((await ok(otherVisitor, getVisaCountries, {})).some((x: any) => x._id === 'uae')).toBe(false);
    await refused(otherVisitor, getVisaCategory, { countryName: 'uae' }, 404);
    await refused(otherVisitor, getVisaChecklist, { categoryId: 'visa-uae-tourist-30' }, 404);
    const save = await refused(other, saveVisaChecklist, {
      categoryId: 'visa-uae-tourist-30',
      nationality: 'IN',
      html: '<p>hijack</p>',
      version: 1,
    });
    expect(save.shortError).toEqual({ categoryId: VISA_MSG.unknownCategory });
    await refused(other, deleteVisaCountry, { id: 'uae' }, 404);
    await refused(other, deleteVisaCategory, { id: 'visa-uae-tourist-30' }, 404);
    await refused(other, deleteVisaChecklist, { categoryId: 'visa-uae-tourist-30', nationality: 'IN' }, 404);
    await refused(
      other,
      saveVisaCategory,
      { id: 'visa-uae-tourist-30', countryId: 'uae', visaCategory: 'Hijacked' },
      404,
    );
    // Flight Deals is untouched.
    const lists = await ok(visitor, getVisaChecklist, { categoryId: 'visa-uae-tourist-30' });
    expect(lists.map((l: any) => l.html).join('')).not.toContain('hijack');
    const [first] = await ok(visitor, getVisaCategory, { countryName: 'uae' });
    expect(first.visaCategory).toBe('Tourist visa – 30 days');
  });

  it('lets only staff holding visa.manage write', async () => {
    const input = { countryName: `Blocked ${tag()}` };
    expect((await refused(visitor, saveVisaCountry, input, 401)).success).toBe(false);
    const retail = await demo(FLIGHTDEALS, 'retail');
    await refused(retail, saveVisaCountry, input, 403);
    const ticketing = await demo({ domain: 'partner.localhost' } as typeof FLIGHTDEALS, 'staff');
    await refused(ticketing, saveVisaCountry, input, 403);
    await refused(ticketing, deleteVisaChecklist, { categoryId: 'visa-uae-tourist-30', nationality: 'IN' }, 403);
    // Staff without a permission group hold visa.manage by default.
    const plainStaff = await demo(FLIGHTDEALS, 'staff');
    const made = await ok(plainStaff, saveVisaCountry, input);
    await ok(plainStaff, deleteVisaCountry, { id: made._id });
    // Reads stay public.
    await ok(retail, getVisaChecklist, { categoryId: 'visa-uae-tourist-30' });
  });
});

describe('visa enquiry', () => {
  it("a visitor's enquiry about a visa category reaches the site's staff", async () => {
    const t = tag();
    const sent = await ok(visitor, submitEnquiry, {
      kind: 'visa',
      subjectId: 'visa-uae-tourist-30',
      subjectTitle: 'United Arab Emirates – Tourist visa – 30 days',
      name: `Ravi ${t}`,
      email: `ravi-${t}@example.com`,
      phone: uniquePhone(),
      phoneCode: 'in',
      adults: 2,
      message: 'Travelling in March',
    });
    const list = await ok(c, listEnquiries, { kind: 'visa', search: `Ravi ${t}` });
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({
      kind: 'visa',
      subjectTitle: 'United Arab Emirates – Tourist visa – 30 days',
    });
    expect(sent.enquiryId).toBeTruthy();
  });
});
