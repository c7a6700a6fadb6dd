/**
 * The invoice store: the only DynamoDB code of the invoices domain (keys in keys.ts). A document is issued under
 * the platform's gapless rule (lib/numbering-repo.ts): counter, document and source guard in one transaction.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentSeries } from '@tp/domain/gst';
import type { TInvoiceSettings } from '@tp/contracts/endpoints/invoices';
import { db, queryPage, tableName, type Page, type TransactItem } from '#lib/db';
import { issueNumbered, lastNumber, sourceGuardPut } from '#lib/numbering-repo';
import type { SiteId } from '#lib/keys';
import { invoiceKeys } from './keys.ts';
import type { DocumentRecord } from './model.ts';

const DOC_TYPE = 'InvoiceDocument';
const REC = 'rec';

async function getItem(key: { pk: string; sk: string }): Promise<Record<string, unknown> | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ?? null;
}

export async function getDocument(siteId: SiteId, id: string): Promise<DocumentRecord | null> {
  const item = await getItem(invoiceKeys.invoiceDocument(siteId, id));
  return item?.type === DOC_TYPE ? (item[REC] as DocumentRecord) : null;
}

/** The id of the document issued for a source (`booking`, id) or a refund (`refund`, booking id, refund id). */
export async function documentIdOfSource(siteId: SiteId, ...source: string[]): Promise<string | null> {
  const item = await getItem(invoiceKeys.invoiceSource(siteId, ...source));
  return typeof item?.documentId === 'string' ? item.documentId : null;
}

export async function getSettings(siteId: SiteId): Promise<TInvoiceSettings | null> {
  const item = await getItem(invoiceKeys.invoiceSettings(siteId));
  if (!item) return null;
  const settings = item[REC] as TInvoiceSettings;
  // Rates saved before they carried their day are of the day the settings were saved.
  const saved = String(item.updatedAt ?? '').slice(0, 10);
  return {
    ...settings,
    exchangeRates: (settings.exchangeRates ?? []).map((r) => ({ ...r, rateDate: r.rateDate || saved })),
  };
}

/** A new site's invoice settings (its legal details), as an item of the transaction that creates the site. */
export const newSettingsItem = (siteId: SiteId, settings: TInvoiceSettings, now: Date): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...invoiceKeys.invoiceSettings(siteId),
      type: 'InvoiceSettings',
      [REC]: settings,
      updatedAt: now.toISOString(),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export async function putSettings(siteId: SiteId, settings: TInvoiceSettings, now: Date): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...invoiceKeys.invoiceSettings(siteId),
        type: 'InvoiceSettings',
        [REC]: settings,
        updatedAt: now.toISOString(),
      },
    }),
  );
}

/**
 * A month's documents of one series, in number order; `newestFirst` for the staff list (the latest issued on
 * top), number order for the .xlsx export.
 */
export function monthPage(
  siteId: SiteId,
  series: DocumentSeries,
  month: string,
  opts: { cursor?: string | undefined; limit: number; newestFirst?: boolean },
): Promise<Page<DocumentRecord>> {
  return queryPage(
    'gsi1',
    invoiceKeys.invoiceMonthPk(siteId, series, month),
    opts,
    (item) => item[REC] as DocumentRecord,
  );
}

/** Every document of a month and series, read page by page (the export streams the pages instead). */
export async function monthAll(siteId: SiteId, series: DocumentSeries, month: string): Promise<DocumentRecord[]> {
  const out: DocumentRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await monthPage(siteId, series, month, { cursor, limit: 500 });
    out.push(...page.records);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

export interface IssueRequest {
  siteId: SiteId;
  series: DocumentSeries;
  fy: string;
  month: string;
  /** The source guard's key parts. */
  source: string[];
  /**
   * The document for a sequence number (its number is printed from it), read afresh on every try, with the writes
   * that go with it (a credit note: the update of the invoice it reverses, conditioned on the version read).
   */
  build: (sequence: number) => Promise<{ document: DocumentRecord; also?: TransactItem[] }>;
}

export type IssueResult = { issued: true; document: DocumentRecord } | { issued: false; documentId: string };

/** A document's put, with its month index (pure: issueDocument and the data-volume generator write it alike). */
export function documentPut(siteId: SiteId, series: DocumentSeries, month: string, doc: DocumentRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...invoiceKeys.invoiceDocument(siteId, doc.id),
        ...invoiceKeys.invoiceMonthIndex(siteId, series, month, doc.sequence, doc.id),
        type: DOC_TYPE,
        [REC]: doc,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * A document issued outside the numbering transaction, as it writes it: its source's guard and the document. The
 * series counter is the caller's to move to the last number it gave (the data-volume generator numbers a year's
 * documents in sequence and sets the counter once, last). Pure.
 */
export function issuedDocumentItems(
  req: Pick<IssueRequest, 'siteId' | 'series' | 'month' | 'source'>,
  doc: DocumentRecord,
): TransactItem[] {
  return [
    sourceGuardPut(invoiceKeys.invoiceSource(req.siteId, ...req.source), SOURCE_TYPE, doc.id),
    documentPut(req.siteId, req.series, req.month, doc),
  ];
}

/** The last number of a series and financial year (0 before its first). */
export const lastDocumentNumber = (siteId: SiteId, series: DocumentSeries, fy: string): Promise<number> =>
  lastNumber(invoiceKeys.invoiceCounter(siteId, series, fy));

/** The counter item's type (its key: invoiceKeys.invoiceCounter). */
export const COUNTER_TYPE = 'InvoiceCounter';
const SOURCE_TYPE = 'InvoiceSource';

/** Issues one document under the gapless rule (lib/numbering-repo.ts); the one already issued for the source. */
export async function issueDocument(req: IssueRequest): Promise<IssueResult> {
  const r = await issueNumbered({
    counterKey: invoiceKeys.invoiceCounter(req.siteId, req.series, req.fy),
    counterType: COUNTER_TYPE,
    sourceKey: invoiceKeys.invoiceSource(req.siteId, ...req.source),
    sourceType: SOURCE_TYPE,
    build: async (sequence) => {
      const { document: doc, also = [] } = await req.build(sequence);
      return { id: doc.id, items: [documentPut(req.siteId, req.series, req.month, doc), ...also], result: doc };
    },
  });
  return r.issued ? { issued: true, document: r.result } : { issued: false, documentId: r.id };
}

/** The update of an invoice's credited totals and credit-note list, on the version it was read at. */
export function creditedUpdate(invoice: DocumentRecord, next: DocumentRecord): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: invoiceKeys.invoiceDocument(invoice.siteId, invoice.id),
      UpdateExpression: 'SET #rec = :rec',
      ConditionExpression: '#rec.#version = :version',
      ExpressionAttributeNames: { '#rec': REC, '#version': 'version' },
      ExpressionAttributeValues: { ':rec': next, ':version': invoice.version },
    },
  };
}
