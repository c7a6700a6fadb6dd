/**
 * Integration files run side by side against the one stack (two at a time), except where that would let one
 * see another's records. A file takes the stack either shared or exclusively before its tests, and gives it
 * back after them (tests/support/stack-turn.ts): shared turns run together, an exclusive one alone. Turns
 * are granted in the order they were asked for, so an exclusive file is not starved by a stream of shared ones.
 *
 * The lock lives in the global setup's process (the one that owns the stack) and is asked over loopback HTTP,
 * since test files run in worker processes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TurnMode = 'shared' | 'exclusive';

interface Waiting {
  mode: TurnMode;
  grant: () => void;
}

export interface StackLock {
  url: string;
  stop(): Promise<void>;
}

export async function startStackLock(): Promise<StackLock> {
  const queue: Waiting[] = [];
  let shared = 0;
  let exclusive = false;

  const grantFromHead = () => {
    while (queue.length && !exclusive) {
      const next = queue[0]!;
      if (next.mode === 'exclusive' && shared > 0) return;
      queue.shift();
      if (next.mode === 'exclusive') exclusive = true;
      else shared += 1;
      next.grant();
    }
  };

  // A turn is one open request: granted when the answer's headers are sent, given back when the file closes
  // the connection, which also happens when its worker dies, so a crashed file cannot hold the stack.
  const server: Server = createServer((req, res) => {
    const mode = new URL(req.url ?? '/', 'http://lock').searchParams.get('mode');
    if (mode !== 'shared' && mode !== 'exclusive') {
      res.writeHead(400).end();
      return;
    }
    let granted = false;
    const waiting: Waiting = {
      mode,
      grant: () => {
        granted = true;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('turn\n');
      },
    };
    queue.push(waiting);
    res.on('close', () => {
      if (!granted) queue.splice(queue.indexOf(waiting), 1);
      else if (mode === 'exclusive') exclusive = false;
      else shared -= 1;
      grantFromHead();
    });
    grantFromHead();
  });
  // A file may wait for its turn, and hold it, longer than any default timeout.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.timeout = 0;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
