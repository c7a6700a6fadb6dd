/**
 * A local push service for the push tests: it plays the browser's push service AND the browser. It makes a
 * subscription the way a browser does (a P-256 key pair and a 16-byte auth secret), takes the pushes our worker
 * posts to it, checks their VAPID signature (RFC 8292) and decrypts them (RFC 8291, aes128gcm, RFC 8188) with
 * Node's crypto alone, so the test reads what a browser would show. An endpoint can be told to answer 410 (a
 * subscription the service dropped).
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  /** The VAPID `k` the push was signed with (the stage's public key). */
  vapidKey: string;
  /** The VAPID JWT's claims, its ES256 signature checked. */
  claims: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
}

export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8291 §3.4 and RFC 8188 §2: the one-record aes128gcm body decrypted with the browser's keys. */
export function decryptPush(body: Buffer, browser: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<jwt>, k=<key>`; the JWT's ES256 signature checked against k. */
function checkVapid(authorization: string | undefined): { key: string; claims: ReceivedPush['claims'] } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, key] = m as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  return { key, claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['claims'] };
}

export async function startPushService() {
  const browsers = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      if (gone.has(path)) return void res.writeHead(410).end();
      const browser = browsers.get(path);
      if (!browser) return void res.writeHead(404).end();
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const { key, claims } = checkVapid(req.headers.authorization);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), browser).toString('utf8')) as Record<
          string,
          unknown
        >;
        received.push({ path, payload, vapidKey: key, claims, ttl: req.headers.ttl as string | undefined });
        res.writeHead(201).end();
      } catch (err) {
        problems.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** Pushes the service could not read (a bad signature, a body that does not decrypt): must stay empty. */
    problems,
    /** A new browser subscription, as PushManager.subscribe would hand the SPA. */
    subscribe(): BrowserSubscription {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomUUID()}`;
      browsers.set(path, { privateKey: ecdh.getPrivateKey(), publicKey, auth });
      return {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: { p256dh: b64u(publicKey), auth: b64u(auth) },
      };
    },
    /** From now on the service answers 410 Gone for this subscription. */
    drop(endpoint: string): void {
      gone.add(new URL(endpoint).pathname);
    },
    /** Pushes that reached this subscription. */
    pushesTo(endpoint: string): ReceivedPush[] {
      const path = new URL(endpoint).pathname;
      return received.filter((p) => p.path === path);
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
