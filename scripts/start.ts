/**
 * `npm start`: the whole platform on this machine with demo data, then prints where to open it.
 * Data persists in .local/ across restarts; `npm run reset` (this script with --reset) wipes it first.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CONSOLE, DEMO_DOMAINS, LOCAL_PORTS } from '@tp/contracts/platform';
import { SPA_BASENAME } from '@tp/contracts/spa-routes';
import { newVapidKeys, ROOT, startStack } from './local/stack.ts';

const args = new Set(process.argv.slice(2));
// PORT_BASE moves all four ports (gateway, DynamoDB, SQS, SES) when the defaults are taken.
const portBase = process.env.PORT_BASE ? Number(process.env.PORT_BASE) : undefined;
const ports = portBase
  ? { gateway: portBase, dynamodb: portBase + 1, sqs: portBase + 2, ses: portBase + 3 }
  : { ...LOCAL_PORTS };
const dataDir = join(ROOT, '.local', 'dynamodb');

if (args.has('--reset')) {
  rmSync(join(ROOT, '.local'), { recursive: true, force: true });
  process.stdout.write('Local data wiped; demo data will be seeded again.\n');
}

/** The local master key of the sealed site secrets, kept with the data it opens (.local/secrets.key). */
function localSecretsKey(): string {
  const file = join(ROOT, '.local', 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The stage's VAPID key pair for web push, made on the first start and kept in .local/vapid.json: the SPA reads
 * its public half at run time (GET notification/pushKey), so the push prompt needs no build variable.
 */
function localVapidKeys(): { publicKey: string; privateKey: string } {
  const file = join(ROOT, '.local', 'vapid.json');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(newVapidKeys()), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
}

const webDist = join(ROOT, 'web', 'dist');
if (!args.has('--no-build') || !existsSync(join(webDist, 'index.html'))) {
  process.stdout.write('Building the web app…\n');
  const r = spawnSync('npm', ['run', '-s', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const stack = await startStack({
  dataDir,
  mediaDir: join(ROOT, '.local', 'media'),
  secretsKey: localSecretsKey(),
  vapidKeys: localVapidKeys(),
  webDist,
  seed: true,
  logLevel: 'info',
  ports,
});
// `npm start -- --duffel` (or `npm run up -- --duffel`): a local server speaking Duffel's API, for a site to
// choose in Flight Settings (Duffel, with the URL and test token printed below) without a Duffel account.
const duffel = args.has('--duffel')
  ? await (await import('../tests/support/duffel-stub.ts')).startDuffelStub(portBase ? portBase + 5 : 0)
  : null;
const { DEMO_LOGINS, DEMO_OPERATOR } = await import('./seed/logins.ts').catch(() => ({
  DEMO_LOGINS: [] as { site: string; email: string; password: string; role: string }[],
  DEMO_OPERATOR: null,
}));
const port = ports.gateway;
const lines = [
  '',
  'Travel platform is up.',
  ...DEMO_DOMAINS.map((d) => `  Site:        http://${d}:${port}${SPA_BASENAME}/`),
  `  Console:     http://${CONSOLE.localHost}:${port}${SPA_BASENAME}/console  (the platform operator's)`,
  `  Mail viewer: ${stack.sesUrl}/`,
  `  API:         http://127.0.0.1:${port}/api/  (flight API under /flight-api/)`,
  ...(duffel ? [`  Duffel:      ${duffel.url}  token ${duffel.token}  (Flight Settings → Duffel)`] : []),
  '',
  'Demo logins:',
  ...DEMO_LOGINS.map((l) => `  ${l.site.padEnd(24)} ${l.role.padEnd(12)} ${l.email}  /  ${l.password}`),
  ...(DEMO_OPERATOR
    ? [
        `  ${CONSOLE.localHost.padEnd(24)} ${'operator'.padEnd(12)} ${DEMO_OPERATOR.email}  /  ${DEMO_OPERATOR.password}`,
      ]
    : []),
  '',
  'Ctrl+C stops everything; data is kept in .local/ (npm run reset wipes it).',
  '',
];
process.stdout.write(lines.join('\n'));

const shutdown = async () => {
  await duffel?.stop();
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
