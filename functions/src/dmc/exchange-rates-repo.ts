/**
 * The exchange-rate table of a site's DMC: one partition per site, a row per item keyed by its id. The table is
 * small (a row per currency and valid-from date), so a list is one Query of the partition.
 */
import type { CartPaysAt, TExchangeRate } from '@tp/contracts/endpoints/dmc';
import type { PaymentTerms } from '@tp/domain/dmc';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName, type TransactItem } from '#lib/db';
import { part, sitePk, type Key, type SiteId } from '#lib/keys';
import type { PutMode } from './repo.ts';

const ratesPk = (siteId: SiteId) => sitePk(siteId, 'DMC', 'EXCHANGERATE');
const rateKey = (siteId: SiteId, id: string): Key => ({ pk: ratesPk(siteId), sk: part(id) });

const PUT_CONDITION: Record<Exclude<PutMode, 'upsert'>, string> = {
  create: 'attribute_not_exists(pk)',
  update: 'attribute_exists(pk)',
};

/** Every row of the site's table, in no particular order. */
export async function allExchangeRates(siteId: SiteId): Promise<TExchangeRate[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': ratesPk(siteId) },
  });
  return items.map((i) => i.rec as TExchangeRate);
}

/** The site's quotation money settings: one item beside the table (the minimum margin). */
const settingsKey = (siteId: SiteId): Key => ({ pk: sitePk(siteId, 'DMC', 'QUOTATIONSETTINGS'), sk: part('SETTINGS') });

export interface QuotationSettingsRec {
  minimumMarginPercent: number | null;
  /** The site's payment terms; absent: the platform's defaults (DEFAULT_PAYMENT_TERMS). */
  paymentTerms?: PaymentTerms;
  /** When an activity cart debits its owner; absent: never (a site that never chose keeps billing itself). */
  cartPaysAt?: CartPaysAt;
  /** Bumped by every save: a save is conditional on the version it read. */
  version: number;
}

export async function getQuotationSettingsRec(siteId: SiteId): Promise<QuotationSettingsRec> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: settingsKey(siteId) }));
  return (Item?.rec as QuotationSettingsRec | undefined) ?? { minimumMarginPercent: null, version: 0 };
}

export function putQuotationSettings(siteId: SiteId, rec: QuotationSettingsRec, readVersion: number): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...settingsKey(siteId), kind: 'quotationSettings', rec },
      ConditionExpression: readVersion === 0 ? 'attribute_not_exists(pk)' : 'rec.version = :v',
      ...(readVersion === 0 ? {} : { ExpressionAttributeValues: { ':v': readVersion } }),
    },
  };
}

/** The write of a row: a new one must not exist yet, an edited one must still exist. */
export function putExchangeRate(siteId: SiteId, rec: TExchangeRate, mode: 'create' | 'update'): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...rateKey(siteId, rec.id), kind: 'exchangeRate', rec },
      ConditionExpression: PUT_CONDITION[mode],
    },
  };
}
