/**
 * `node --import tsx scripts/local/make-snapshot.ts <file> <port>`: seeds a stack of its own on four ports from
 * `port`, waits for its queues to drain (what the seed sent is handled as on any stack), saves the snapshot (its
 * uploaded images in a folder beside it).
 */
import { mkdirSync } from 'node:fs';
import { startStack } from './stack.ts';
import { saveSnapshot, snapshotMedia, SNAPSHOT_ENV } from './snapshot.ts';

const [file, port] = [process.argv[2], Number(process.argv[3])];
if (!file || !port) throw new Error('usage: make-snapshot.ts <file> <first port>');
delete process.env[SNAPSHOT_ENV];
mkdirSync(snapshotMedia(file), { recursive: true });
const stack = await startStack({
  ports: { gateway: port, dynamodb: port + 1, sqs: port + 2, ses: port + 3 },
  seed: true,
  logLevel: 'warn',
  mediaDir: snapshotMedia(file),
});
try {
  const endpoints = { dynamodb: stack.dynamoUrl, sqs: stack.sqsUrl };
  for (let tries = 0; ; tries++) {
    try {
      const count = await saveSnapshot(endpoints, stack.queues, file);
      process.stdout.write(`demo snapshot: ${count} batches of items\n`);
      break;
    } catch (error) {
      if (tries >= 60) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
} finally {
  await stack.stop();
}
