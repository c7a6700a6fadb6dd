/**
 * The whole platform on one machine: emulators, table and queues, demo data, the gateway (API + SPA)
 * and the queue workers. `npm start` and the test suites' global setup both use this.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { SQSClient } from '@aws-sdk/client-sqs';
import { LOCAL_PORTS, TABLE } from '@tp/contracts/platform';
import { startDynamo, startSes, startSqs, type Running } from './emulators.ts';
import { ensureQueues, ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION } from './provision.ts';
import { startGateway, type GatewayOptions } from './gateway.ts';
import { doorbell, startWorkers, type Doorbell, type Poller } from './workers.ts';
import { loadSnapshot, SNAPSHOT_ENV } from './snapshot.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface StackOptions {
  ports?: Partial<Record<keyof typeof LOCAL_PORTS, number>>;
  /** Folder for DynamoDB Local's files; omitted = in memory. */
  dataDir?: string;
  /** Folder of uploaded images (MEDIA_DIR, served under /media/); omitted = a fresh temporary folder. */
  mediaDir?: string;
  /**
   * Master key of the sealed site secrets (SECRETS_LOCAL_KEY, base64 of 32 bytes; KMS plays this part on AWS).
   * Must outlive the data: `npm start` keeps one in .local/; omitted = a fresh key (in-memory data only).
   */
  secretsKey?: string;
  webDist?: string;
  seed?: boolean;
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  extra?: GatewayOptions['extra'];
  /**
   * The VAPID key pair pushes are signed with (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY): `npm start` keeps one in
   * .local/ so browsers' subscriptions outlive a restart; omitted = a fresh pair.
   */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** Local reconciler interval (scripts/local/workers.ts); 0 = off, for tests that run it themselves. */
  reconcileEveryMs?: number;
}

/** The emulators a fault test may stop and start again (DynamoDB keeps its data only with a dataDir). */
export type StackService = 'dynamodb' | 'sqs';

export interface Stack {
  gatewayUrl: string;
  sesUrl: string;
  sqsUrl: string;
  dynamoUrl: string;
  queues: Awaited<ReturnType<typeof ensureQueues>>;
  workers: Poller;
  /** Takes an emulator away (its port refuses connections) until startService brings it back. */
  stopService(name: StackService): Promise<void>;
  startService(name: StackService): Promise<void>;
  stop(): Promise<void>;
}

/** The pair given, the one already in the environment, or a fresh one (generated as web-push does: P-256). */
function vapidEnv(given?: { publicKey: string; privateKey: string }): Record<string, string> {
  if (given) return { VAPID_PUBLIC_KEY: given.publicKey, VAPID_PRIVATE_KEY: given.privateKey };
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY) return {};
  const pair = newVapidKeys();
  return { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
}

/** A VAPID key pair: the P-256 public point (uncompressed) and private scalar, base64url, as browsers take them. */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const ports = { ...LOCAL_PORTS, ...opts.ports };
  const messageSent = doorbell();
  const emulators = await Promise.allSettled([
    startDynamo(ports.dynamodb, opts.dataDir),
    startSqs(ports.sqs, () => messageSent.ring()),
    startSes(ports.ses),
  ]);
  const started = emulators.flatMap((e) => (e.status === 'fulfilled' ? [e.value] : []));
  try {
    const failure = emulators.find((e) => e.status === 'rejected');
    if (failure) throw failure.reason;
    return await stackOn(opts, ports, started as [Running, Running, Running], messageSent);
  } catch (error) {
    // A stack that did not start stops what it started: an emulator left running would hold its port (and a
    // JVM's CPU) for the rest of the run.
    await Promise.allSettled(started.map((s) => s.stop()));
    throw error;
  }
}

/** The rest of a stack, on its running emulators (which its stop() stops). */
async function stackOn(
  opts: StackOptions,
  ports: typeof LOCAL_PORTS,
  started: [dynamo: Running, sqs: Running, ses: Running],
  messageSent: Doorbell,
): Promise<Stack> {
  const [dynamo, sqs, ses] = started;
  // A media folder the stack made for itself is removed when it stops; one given to it is the caller's.
  const ownMediaDir = opts.mediaDir ? null : mkdtempSync(join(tmpdir(), 'tp-media-'));
  const mediaDir = opts.mediaDir ?? ownMediaDir!;

  // The handlers read these exactly as they read their Lambda environment.
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    AWS_ENDPOINT_URL_SQS: sqs.url,
    AWS_ENDPOINT_URL_SESV2: ses.url,
    AWS_ENDPOINT_URL_SES: ses.url,
    TABLE_NAME: TABLE.name,
    COOKIE_SECURE: 'false',
    // The local stack is a sandbox by nature: the embedded gateway is how its payments are made.
    SANDBOX_PAYMENTS: 'allowed',
    // …and the flight simulator its supply, wherever a site has no supplier of its own.
    SIMULATED_SUPPLY: 'allowed',
    PUBLIC_URL_SCHEME: 'http',
    PUBLIC_URL_PORT: String(ports.gateway),
    LOG_LEVEL: opts.logLevel ?? process.env.LOG_LEVEL ?? 'warn',
    MEDIA_DIR: mediaDir,
    SECRETS_LOCAL_KEY: opts.secretsKey ?? process.env.SECRETS_LOCAL_KEY ?? randomBytes(32).toString('base64'),
    ...vapidEnv(opts.vapidKeys),
    // The push tests' push service is a local http server; a deployed stage takes https endpoints only.
    PUSH_HTTP_ENDPOINTS: 'allowed',
  });

  await ensureTable(dynamo.url);
  const queues = await ensureQueues(sqs.url);
  process.env.EMAIL_QUEUE_URL = queues.email.url;
  process.env.PAYMENT_QUEUE_URL = queues.paymentVerification.url;
  process.env.NOTIFICATIONS_QUEUE_URL = queues.notifications.url;
  process.env.SUPPLIER_EVENTS_QUEUE_URL = queues.supplierEvents.url;
  process.env.EXPORTS_QUEUE_URL = queues.exports.url;

  if (opts.seed !== false) {
    // A run that seeded once hands every stack the same items (snapshot.ts); anything else seeds.
    const snapshot = process.env[SNAPSHOT_ENV];
    if (snapshot) await loadSnapshot(dynamo.url, snapshot, mediaDir);
    else {
      const { seedDemo } = await import('../seed/index.ts');
      await seedDemo();
    }
  }

  const gateway: Server = await startGateway({
    port: ports.gateway,
    host: '127.0.0.1',
    mediaDir,
    ...(opts.webDist ? { webDist: opts.webDist } : {}),
    ...(opts.extra ? { extra: opts.extra } : {}),
  });
  const sqsClient = new SQSClient({ endpoint: sqs.url, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const workers = startWorkers(sqsClient, queues, {
    doorbell: messageSent,
    ...(opts.reconcileEveryMs !== undefined ? { reconcileEveryMs: opts.reconcileEveryMs } : {}),
  });
  const services: Record<StackService, Running> = { dynamodb: dynamo, sqs };

  return {
    gatewayUrl: `http://127.0.0.1:${ports.gateway}`,
    sesUrl: ses.url,
    sqsUrl: sqs.url,
    dynamoUrl: dynamo.url,
    queues,
    workers,
    stopService: (name) => services[name].stop(),
    async startService(name) {
      const start = services[name].start;
      if (!start) throw new Error(`${name} cannot be started again (DynamoDB needs a dataDir)`);
      await start();
    },
    async stop() {
      await workers.stop();
      await new Promise<void>((r) => {
        gateway.close(() => r());
        gateway.closeAllConnections();
      });
      await Promise.allSettled(started.map((s) => s.stop()));
      if (ownMediaDir) rmSync(ownMediaDir, { recursive: true, force: true });
    },
  };
}
