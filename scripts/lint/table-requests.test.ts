/**
 * The lint rule that keeps DynamoDB requests in repositories (eslint.config.js) bites: an operation
 * building a transaction item is reported, the same item in a repository file is not.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const ITEM = `export const item = (pk: string) => ({
  Put: { TableName: 't', Item: { pk }, ConditionExpression: 'attribute_not_exists(pk)' },
});
`;

async function ruleHits(file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(ITEM, { filePath: join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('DynamoDB requests only in repositories', () => {
  it('refuses a table item built in an operation', async () => {
    const hits = await ruleHits('functions/src/beta/service.ts');
    expect(hits).toHaveLength(2);
    expect(hits[0]).toMatch(/built in the domain's repository/);
  });

  it('allows it in a repository and in the platform data layer', async () => {
    expect(await ruleHits('functions/src/beta/repo.ts')).toEqual([]);
    expect(await ruleHits('functions/src/beta/rows-repo.ts')).toEqual([]);
    expect(await ruleHits('functions/src/lib/db.ts')).toEqual([]);
  });
});
