/**
 * GST document numbering under parallel issuing, on DynamoDB Local: whatever mix of sources is issued
 * at once, and however often each source's issue runs (a hook run twice), the numbers of a site, series and
 * financial year are exactly 1..n, with no gap, no duplicate, and one document per source.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DocumentSeries } from '@tp/domain/gst';
import { documentNumber } from '@tp/domain/gst';
import { asSiteId, type SiteId } from '../../functions/src/lib/keys.ts';
import * as repo from '../../functions/src/invoices/repo.ts';
import { NOTHING_CREDITED, type DocumentRecord } from '../../functions/src/invoices/model.ts';
import { useStackTable } from './users-helpers.ts';

beforeAll(() => useStackTable());

function doc(siteId: SiteId, series: DocumentSeries, fy: string, sourceId: string, sequence: number): DocumentRecord {
  return {
    id: `t-${randomUUID()}`,
    docType: series,
    number: documentNumber('TST', series, '2026-27', sequence),
    sequence,
    issuedAt: new Date().toISOString(),
    issueDate: '2026-11-23',
    financialYear: fy,
    source: 'booking',
    sourceId,
    sourceRef: sourceId,
    kind: 'flight',
    sac: '998551',
    sacDescription: '',
    currency: 'INR',
    supplier: { name: 'Test', address: '', gstin: '', state: '' },
    recipient: { name: 'Customer', address: '', gstin: '', state: '' },
    placeOfSupply: '27-Maharashtra',
    reverseCharge: false,
    lines: [],
    supplyType: 'intraState',
    rate: 18,
    taxableValue: 0,
    cgst: 0,
    sgst: 0,
    igst: 0,
    totalTax: 0,
    reimbursement: 0,
    total: 0,
    amountInWords: '',
    against: null,
    reason: '',
    creditNotes: [],
    siteId,
    userId: 'u-test',
    legalEntityId: 'le-test',
    version: 1,
    credited: NOTHING_CREDITED,
  };
}

const issue = (siteId: SiteId, series: DocumentSeries, fy: string, sourceId: string) =>
  repo.issueDocument({
    siteId,
    series,
    fy,
    month: '2026-11',
    source: ['booking', sourceId],
    build: async (sequence) => ({ document: doc(siteId, series, fy, sourceId, sequence) }),
  });

describe('invoice numbering under parallel issuing', () => {
  it('numbers 1..n exactly, one per source, whatever runs at once', async () => {
    const siteId = asSiteId(`site-invnum-${randomUUID().slice(0, 8)}`);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        // Sources issued at once: each 1–3 times (its hook run again), interleaved.
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 25 }),
        fc.constantFrom<DocumentSeries>('invoice', 'creditNote'),
        async (repeats, series) => {
          const fy = `fy${++run}`;
          const sources = repeats.map(() => randomUUID().slice(0, 12));
          const calls = sources.flatMap((s, i) => Array.from({ length: repeats[i]! }, () => s));
          // Shuffled so repeats of one source race each other and everyone else.
          calls.sort(() => Math.random() - 0.5);
          const results = await Promise.all(calls.map((s) => issue(siteId, series, fy, s)));
          expect(results.filter((r) => r.issued)).toHaveLength(sources.length);

          const docs: DocumentRecord[] = [];
          for (const s of sources) {
            const id = await repo.documentIdOfSource(siteId, 'booking', s);
            expect(id).toBeTruthy();
            docs.push((await repo.getDocument(siteId, id!))!);
          }
          const numbers = docs.map((d) => d.sequence).sort((a, b) => a - b);
          expect(numbers).toEqual(Array.from({ length: sources.length }, (_, i) => i + 1));
          expect(new Set(docs.map((d) => d.number)).size).toBe(sources.length);
          // The month index lists the same documents in number order.
          const listed = (await repo.monthAll(siteId, series, '2026-11')).filter((d) => d.financialYear === fy);
          expect(listed.map((d) => d.sequence)).toEqual(numbers);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('keeps each site, series and financial year its own series', async () => {
    const a = asSiteId(`site-invnum-${randomUUID().slice(0, 8)}`);
    const b = asSiteId(`site-invnum-${randomUUID().slice(0, 8)}`);
    const out = await Promise.all([
      issue(a, 'invoice', '2026-27', 's1'),
      issue(b, 'invoice', '2026-27', 's1'),
      issue(a, 'creditNote', '2026-27', 's2'),
      issue(a, 'invoice', '2027-28', 's3'),
    ]);
    expect(out.map((r) => (r.issued ? r.document.sequence : 0))).toEqual([1, 1, 1, 1]);
    expect((await issue(a, 'invoice', '2026-27', 's4')).issued && true).toBe(true);
    expect((await repo.getDocument(a, (await repo.documentIdOfSource(a, 'booking', 's4'))!))!.sequence).toBe(2);
    // Another site's id finds nothing.
    expect(await repo.getDocument(b, (await repo.documentIdOfSource(a, 'booking', 's4'))!)).toBeNull();
  });
});
