import { describe, expect, it } from 'vitest';
import { getVisaChecklist, saveVisaCategory, saveVisaCountry } from '@tp/contracts/endpoints/visa';
import { countryByCode } from '@tp/reference-data/countries';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { sanitizeSiteHtml } from '../../functions/src/site/index.ts';
import { VISA_DEMO, visaItems } from './visas.ts';

describe('demo visa content', () => {
  it('is what the API itself would have stored: valid ids and names, clean html, true counts', () => {
    for (const c of VISA_DEMO) {
      expect(
        saveVisaCountry.request.safeParse({ slug: c.id, countryName: c.countryName, countryCode: c.countryCode })
          .success,
      ).toBe(true);
      if (c.countryCode) expect(countryByCode(c.countryCode)).toBeDefined();
      for (const k of c.categories) {
        expect(getVisaChecklist.request.safeParse({ categoryId: k.id }).success).toBe(true);
        expect(
          saveVisaCategory.request.safeParse({ countryId: c.id, visaCategory: k.visaCategory, summary: k.summary })
            .success,
        ).toBe(true);
        for (const [nationality, html] of Object.entries(k.checklists)) {
          if (nationality) expect(countryByCode(nationality)).toBeDefined();
          expect(sanitizeSiteHtml(html)).toBe(html);
        }
        // Every category has the preferred nationality's checklist.
        expect(Object.keys(k.checklists)).toContain('IN');
      }
    }
    const items = visaItems(asSiteId('site-test'));
    const uae = items.find((i) => i.kind === 'visaCountry' && i.id === 'uae');
    expect(uae?.categoryCount).toBe(3);
    const transit = items.find((i) => i.kind === 'visaCategory' && i.id === 'visa-uae-transit-96');
    expect(transit?.checklistCount).toBe(1);
    expect(new Set(items.map((i) => `${String(i.pk)}|${String(i.sk)}`)).size).toBe(items.length);
  });
});
