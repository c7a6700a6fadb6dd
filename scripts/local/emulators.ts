/**
 * The three AWS emulators the local stack and the test suite run: DynamoDB Local (the jar shipped in
 * amplify-dynamodb-simulator, Java 17), local-aws-sqs and aws-ses-v2-local. No Docker, no cloud.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';

const require = createRequire(import.meta.url);

export interface Running {
  url: string;
  stop(): Promise<void>;
  /** Starts it again after stop(), with its data (fault tests; DynamoDB only with a dbPath). */
  start?(): Promise<void>;
}

/**
 * How long an emulator may take to answer after its start. Generous: two stacks start side by side in the test
 * run (scripts/test.ts), and a JVM starting on a busy 2-core machine has taken more than 30 s.
 */
const START_TIMEOUT_MS = 120_000;

async function waitForHttp(url: string, timeoutMs: number, ok = (s: number) => s > 0): Promise<void> {
  const until = Date.now() + timeoutMs;
  let lastErr: unknown;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { method: 'GET' });
      if (ok(res.status)) return;
    } catch (err) {
      lastErr = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${url}: ${String(lastErr)}`);
}

function stopProcess(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
    setTimeout(() => proc.kill('SIGKILL'), 3000).unref();
  });
}

/** DynamoDB Local. `dbPath` persists data across restarts; without it the data lives in memory. */
export async function startDynamo(port: number, dbPath?: string): Promise<Running> {
  const emulatorDir = join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const args = [
    `-Djava.library.path=${join(emulatorDir, 'DynamoDBLocal_lib')}`,
    '-Xmx1g',
    // The quick JIT only, and the one-thread collector: a stack that starts and seeds costs half the CPU
    // (15 → 7.5 CPU-s measured), and a busy one about the same, on machines of two cores.
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    '-jar',
    join(emulatorDir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
  ];
  if (dbPath) {
    mkdirSync(dbPath, { recursive: true });
    args.push('-dbPath', dbPath, '-sharedDb');
  } else args.push('-inMemory', '-sharedDb');
  const url = `http://127.0.0.1:${port}`;
  const launch = async () => {
    const proc = spawn('java', args, { cwd: emulatorDir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<never>((_, reject) =>
      proc.once('exit', (code) => reject(new Error(`DynamoDB Local exited (${code}): ${stderr.slice(-2000)}`))),
    );
    exited.catch(() => undefined);
    try {
      await Promise.race([waitForHttp(url, START_TIMEOUT_MS), exited]);
    } catch (err) {
      // Never leave a JVM behind that answered too late.
      await stopProcess(proc);
      throw err;
    }
    return proc;
  };
  let proc = await launch();
  return {
    url,
    stop: () => stopProcess(proc),
    ...(dbPath
      ? {
          async start() {
            proc = await launch();
          },
        }
      : {}),
  };
}

/**
 * SQS emulator (both protocols, redrive to DLQs). Runs in this process. `onSend` is called after each send of
 * the JSON protocol (the SDK's) has been stored: the local pollers' doorbell (workers.ts).
 */
export async function startSqs(port: number, onSend?: () => void): Promise<Running> {
  const { createSqsServer } = (await import('local-aws-sqs')) as unknown as {
    createSqsServer(o: Record<string, unknown>): Promise<Server>;
  };
  const server = await createSqsServer({ port, hostname: '127.0.0.1', emulateQueueCreationLifecycle: false });
  if (onSend)
    server.on('request', (req, res) => {
      if (/\.SendMessage/.test(String(req.headers['x-amz-target'] ?? ''))) res.once('finish', onSend);
    });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
    // The queues and their messages live in this process: listening again is SQS coming back.
    start: () => new Promise((r) => server.listen(port, '127.0.0.1', () => r())),
  };
}

/** SES emulator with its mail viewer; runs as a child process (its server keeps global state). */
export async function startSes(port: number): Promise<Running> {
  const cli = join(dirname(require.resolve('aws-ses-v2-local/package.json')), 'dist', 'cli.js');
  const proc = spawn(process.execPath, [cli, '--port', String(port), '--host', '127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/health-check`, START_TIMEOUT_MS, (s) => s === 200);
  } catch (err) {
    await stopProcess(proc);
    throw err;
  }
  return { url, stop: () => stopProcess(proc) };
}
