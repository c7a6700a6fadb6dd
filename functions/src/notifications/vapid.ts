/**
 * The stage's VAPID key pair (RFC 8292): push services accept our pushes only when signed with it, and browsers
 * subscribe with its public half. Deployed, it lives in Secrets Manager (VAPID_SECRET_ARN, created by the API stack
 * with no value of ours): the first function that needs it generates the pair and stores it under one fixed
 * request token, so two cold starts racing store one pair and both read it back. Locally the stack hands the pair
 * kept in .local/ through VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY. Read once per container.
 */
import webpush from 'web-push';
import { env } from '#lib/config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Fixed: a second PutSecretValue with it and another value fails, so only the first generated pair is kept. */
const FIRST_PAIR_TOKEN = 'vapid-key-pair-generated-once-v1';

let cached: Promise<VapidKeys | null> | undefined;

const pairOf = (text: string | undefined): { publicKey: string; privateKey: string } | null => {
  try {
    const v = JSON.parse(text ?? '') as { publicKey?: unknown; privateKey?: unknown };
    return typeof v.publicKey === 'string' && typeof v.privateKey === 'string'
      ? { publicKey: v.publicKey, privateKey: v.privateKey }
      : null;
  } catch {
    return null;
  }
};

async function fromSecret(arn: string): Promise<{ publicKey: string; privateKey: string }> {
  const { SecretsManagerClient, GetSecretValueCommand, PutSecretValueCommand } =
    await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({});
  const read = async () => pairOf((await client.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString);
  const stored = await read();
  if (stored) return stored;
  const pair = webpush.generateVAPIDKeys();
  await client
    .send(
      new PutSecretValueCommand({
        SecretId: arn,
        ClientRequestToken: FIRST_PAIR_TOKEN,
        SecretString: JSON.stringify(pair),
      }),
    )
    // Another container stored its pair first under the same token: that one is the stage's.
    .catch(() => undefined);
  const kept = await read();
  if (!kept) throw new Error('the VAPID secret holds no key pair after generating one');
  return kept;
}

async function load(): Promise<VapidKeys | null> {
  const { VAPID_SECRET_ARN, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env();
  if (VAPID_SECRET_ARN) return { ...(await fromSecret(VAPID_SECRET_ARN)), subject: VAPID_SUBJECT };
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY)
    return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: VAPID_SUBJECT };
  return null;
}

/** The stage's pair, or null where it has none (push is then neither offered nor sent). */
export function vapidKeys(): Promise<VapidKeys | null> {
  cached ??= load().catch((err: unknown) => {
    // A failed read is tried again by the next call instead of being cached.
    cached = undefined;
    throw err;
  });
  return cached;
}
