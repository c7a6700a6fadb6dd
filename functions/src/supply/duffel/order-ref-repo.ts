/**
 * Our booking reference → the Duffel order made with it. Written before the order is created (the offer
 * being booked) and again with the order id once Duffel answers, so a retried fulfilment finds the order
 * instead of booking again, even when the first attempt died between Duffel's answer and our write.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { supplyKeys } from '../keys.ts';

export interface DuffelOrderRef {
  offerId: string;
  /** Absent while the order is being created (or if that attempt died before Duffel answered). */
  orderId?: string;
}

export interface DuffelOrderRefs {
  get(siteId: SiteId, reference: string): Promise<DuffelOrderRef | null>;
  /** The intent to book `offerId` under the reference; an existing record is kept. */
  begin(siteId: SiteId, reference: string, offerId: string): Promise<void>;
  settle(siteId: SiteId, reference: string, orderId: string): Promise<void>;
}

const DAY_S = 86_400;

export const dynamoOrderRefs: DuffelOrderRefs = {
  async get(siteId, reference) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: supplyKeys.duffelOrderRef(siteId, reference) }),
    );
    return Item ? { offerId: String(Item.offerId), ...(Item.orderId ? { orderId: String(Item.orderId) } : {}) } : null;
  },
  async begin(siteId, reference, offerId) {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...supplyKeys.duffelOrderRef(siteId, reference),
            type: 'DuffelOrderRef',
            offerId,
            expiresAt: Math.floor(Date.now() / 1000) + 30 * DAY_S,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (err) {
      if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    }
  },
  async settle(siteId, reference, orderId) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: supplyKeys.duffelOrderRef(siteId, reference),
        UpdateExpression: 'SET orderId = :o',
        ExpressionAttributeValues: { ':o': orderId },
      }),
    );
  },
};
