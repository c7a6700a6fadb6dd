/**
 * Demo wallets and payment settings of every demo site, through the wallet ledger (the code the API
 * runs): agent@ ₹5,00,000, agent2@ ₹2,000 (so an insufficient-balance case exists), corporate@
 * ₹1,00,000; the embedded sandbox gateway active; bank details for offline transfers. Idempotent:
 * the ledger entry ids are fixed, so a re-seed credits nothing twice.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { isSealed, seal } from '../../functions/src/lib/sealed.ts';
import { keys } from '../../functions/src/lib/keys.ts';
import { walletKeys } from '../../functions/src/wallet/keys.ts';
import { getUser, userIdByEmail } from '../../functions/src/users/repo.ts';
import { move } from '../../functions/src/wallet/ledger.ts';
import { DEMO_SITES } from './sites.ts';

export const DEMO_WALLETS: { local: string; amount: number }[] = [
  { local: 'agent', amount: 500_000 },
  { local: 'agent2', amount: 2_000 },
  { local: 'corporate', amount: 100_000 },
];

export async function seedWallets(): Promise<void> {
  const now = new Date();
  for (const site of DEMO_SITES) {
    // Only the gateway field of the secrets item: other settings there belong to other domains. A value saved
    // before secrets were sealed (an older .local) is sealed as it is; an unset one becomes the sandbox.
    const context = { siteId: site.siteId, field: 'paymentGateway' };
    const { Item: secrets } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.siteSecrets(site.siteId), ConsistentRead: true }),
    );
    const stored: unknown = secrets?.paymentGateway;
    if (!isSealed(stored))
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.siteSecrets(site.siteId),
          UpdateExpression: 'SET paymentGateway = :g',
          ExpressionAttributeValues: { ':g': await seal(stored ?? { active: 'sandbox' }, context) },
        }),
      );
    await db()
      .send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...walletKeys.bankDetails(site.siteId),
            type: 'BankDetails',
            accountName: site.companyName,
            accountNumber: '50200012345678',
            ifsc: 'HDFC0000123',
            bankName: 'HDFC Bank',
            branch: 'Fort, Mumbai',
            upiId: `${site.siteId.replace(/^site-/, '')}@hdfcbank`,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      )
      .catch((err: { name?: string }) => {
        if (err.name !== 'ConditionalCheckFailedException') throw err;
      });
    for (const { local, amount } of DEMO_WALLETS) {
      const userId = await userIdByEmail(site.siteId, `${local}@${site.domain}`);
      const user = userId ? await getUser(site.siteId, userId) : null;
      if (!user?.legalEntityId) continue;
      await move('credit', {
        siteId: site.siteId,
        legalEntityId: user.legalEntityId,
        entryId: 'seed-opening-balance',
        amount,
        currency: 'INR',
        kind: 'topUp',
        remark: 'Opening balance',
        byUserId: 'seed',
        now,
      });
    }
  }
}
