/** The TBO token in DynamoDB, shared by every Lambda of a site for the day. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { supplyKeys } from '../keys.ts';

/** Where the day's token is kept between Lambdas: one token per site per calendar day. */
export interface TokenCache {
  get(siteId: SiteId, day: string): Promise<string | null>;
  put(siteId: SiteId, day: string, token: string): Promise<void>;
}

export const dynamoTokenCache: TokenCache = {
  async get(siteId, day) {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: supplyKeys.tboToken(siteId, day) }));
    return (Item?.tokenId as string | undefined) ?? null;
  },
  async put(siteId, day, token) {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...supplyKeys.tboToken(siteId, day),
          type: 'TboToken',
          tokenId: token,
          expiresAt: Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 86_400,
        },
      }),
    );
  },
};
