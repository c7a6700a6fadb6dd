/**
 * Envelope encryption of site secrets (TBO and PhonePe credentials). Each value gets its own
 * AES-256-GCM data key; the data key is encrypted by KMS (SECRETS_KEY_ID) on AWS, or by a local master key
 * (SECRETS_LOCAL_KEY) on the local stack, so the table only ever holds ciphertext. The site and the field are
 * the KMS encryption context and the GCM associated data: a value copied to another site or field does not
 * open. Only the Lambdas that call a supplier or a gateway hold kms:Decrypt (infra FUNCTION_ACCESS `secrets`).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { env } from './config.ts';
import type { SiteId } from './keys.ts';

export interface SealedValue {
  sealed: 1;
  /** Which master key wrapped the data key. */
  by: 'kms' | 'local';
  /** The encrypted data key (base64). */
  dataKey: string;
  /** iv + tag + ciphertext of the JSON value (base64). */
  data: string;
}

export interface SecretContext {
  siteId: SiteId;
  field: string;
}

export const isSealed = (v: unknown): v is SealedValue =>
  typeof v === 'object' && v !== null && (v as SealedValue).sealed === 1;

const aad = (c: SecretContext) => Buffer.from(`${c.siteId}\n${c.field}`);

function gcmSeal(key: Buffer, plain: Buffer, ad: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(ad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function gcmOpen(key: Buffer, sealed: Buffer, ad: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12)).setAAD(ad);
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
}

interface MasterKey {
  by: SealedValue['by'];
  newDataKey(c: SecretContext): Promise<{ plain: Buffer; wrapped: Buffer }>;
  unwrap(wrapped: Buffer, c: SecretContext): Promise<Buffer>;
}

function localKey(base64: string): MasterKey {
  const master = Buffer.from(base64, 'base64');
  if (master.length !== 32) throw new Error('SECRETS_LOCAL_KEY must be 32 bytes (base64)');
  return {
    by: 'local',
    async newDataKey(c) {
      const plain = randomBytes(32);
      return { plain, wrapped: gcmSeal(master, plain, aad(c)) };
    },
    unwrap: async (wrapped, c) => gcmOpen(master, wrapped, aad(c)),
  };
}

let kmsClient: Promise<import('@aws-sdk/client-kms').KMSClient> | undefined;
const kmsModule = () => import('@aws-sdk/client-kms');
function kmsKey(keyId: string): MasterKey {
  const client = () => (kmsClient ??= kmsModule().then(({ KMSClient }) => new KMSClient({})));
  const context = (c: SecretContext) => ({ siteId: c.siteId, field: c.field });
  return {
    by: 'kms',
    async newDataKey(c) {
      const { GenerateDataKeyCommand } = await kmsModule();
      const out = await (
        await client()
      ).send(new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context(c) }));
      return { plain: Buffer.from(out.Plaintext!), wrapped: Buffer.from(out.CiphertextBlob!) };
    },
    async unwrap(wrapped, c) {
      const { DecryptCommand } = await kmsModule();
      const out = await (
        await client()
      ).send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: wrapped, EncryptionContext: context(c) }));
      return Buffer.from(out.Plaintext!);
    },
  };
}

function masterKey(by?: SealedValue['by']): MasterKey {
  const { SECRETS_KEY_ID, SECRETS_LOCAL_KEY } = env();
  if ((by ?? (SECRETS_KEY_ID ? 'kms' : 'local')) === 'kms') {
    if (!SECRETS_KEY_ID) throw new Error('SECRETS_KEY_ID is not set: this function may not open site secrets');
    return kmsKey(SECRETS_KEY_ID);
  }
  if (!SECRETS_LOCAL_KEY) throw new Error('No secrets key: set SECRETS_KEY_ID (AWS) or SECRETS_LOCAL_KEY (local)');
  return localKey(SECRETS_LOCAL_KEY);
}

/** Data keys already unwrapped by this process (one KMS call per stored value and cold start). */
const unwrapped = new Map<string, Buffer>();

export async function seal(value: unknown, c: SecretContext): Promise<SealedValue> {
  const key = masterKey();
  const { plain, wrapped } = await key.newDataKey(c);
  const data = gcmSeal(plain, Buffer.from(JSON.stringify(value)), aad(c));
  return { sealed: 1, by: key.by, dataKey: wrapped.toString('base64'), data: data.toString('base64') };
}

/** The stored value, opened; undefined stays undefined. Anything not sealed for this site and field throws. */
export async function unseal(stored: unknown, c: SecretContext): Promise<unknown> {
  if (stored === undefined || stored === null) return undefined;
  if (!isSealed(stored)) throw new Error(`site secret ${c.field} is not sealed`);
  const cacheKey = `${c.siteId}\n${c.field}\n${stored.dataKey}`;
  let dataKey = unwrapped.get(cacheKey);
  if (!dataKey) {
    dataKey = await masterKey(stored.by).unwrap(Buffer.from(stored.dataKey, 'base64'), c);
    if (unwrapped.size > 500) unwrapped.clear();
    unwrapped.set(cacheKey, dataKey);
  }
  return JSON.parse(gcmOpen(dataKey, Buffer.from(stored.data, 'base64'), aad(c)).toString('utf8')) as unknown;
}
