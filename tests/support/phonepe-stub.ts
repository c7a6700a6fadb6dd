/**
 * A local imitation of the PhonePe PG v2 endpoints the Standard Checkout SDK calls:
 *   POST /v1/oauth/token                       (form: client_id, client_secret, client_version, grant_type)
 *   POST /checkout/v2/pay                      → { orderId, state, expireAt, redirectUrl }
 *   GET  /checkout/v2/order/{merchantOrderId}/status
 *   POST /payments/v2/refund                   → { refundId, amount, state }
 *   GET  /payments/v2/refund/{merchantRefundId}/status → { originalMerchantOrderId, amount, state }
 * It checks credentials and the O-Bearer token, keeps each merchant's orders apart, and lets a test
 * settle an order (what the payer would do on PhonePe's page) through settle() and a refund through
 * settleRefund(). A refund id sent again answers the refund it names (nothing moves twice).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';

export interface StubOrder {
  clientId: string;
  merchantOrderId: string;
  orderId: string;
  /** Paise. */
  amount: number;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  redirectUrl: string;
  /** Paise actually paid (defaults to amount). */
  paid?: number;
  transactionId?: string;
}

export interface PhonePeStub {
  url: string;
  /** clientId → clientSecret accepted by /v1/oauth/token. */
  merchants: Map<string, string>;
  orders: Map<string, StubOrder>;
  refunds: {
    clientId: string;
    merchantRefundId: string;
    originalMerchantOrderId: string;
    amount: number;
    state: 'PENDING' | 'COMPLETED' | 'FAILED';
  }[];
  /** Every call to the refund API, repeats included. */
  refundCalls: number;
  /** The next refund call is taken, then answered 500 (as a connection lost after PhonePe took it). */
  failNextRefundAfterTaking: boolean;
  tokenRequests: number;
  settle(merchantOrderId: string, state: 'COMPLETED' | 'FAILED', paidPaise?: number): void;
  settleRefund(merchantRefundId: string, state: 'COMPLETED' | 'FAILED'): void;
  stop(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

export async function startPhonePeStub(merchants: Record<string, string>): Promise<PhonePeStub> {
  const tokens = new Map<string, string>(); // token → clientId
  const stub = {
    merchants: new Map(Object.entries(merchants)),
    orders: new Map<string, StubOrder>(),
    refunds: [] as PhonePeStub['refunds'],
    refundCalls: 0,
    failNextRefundAfterTaking: false,
    tokenRequests: 0,
  };
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://stub');
    const raw = await read(req);
    if (req.method === 'POST' && url.pathname === '/v1/oauth/token') {
      stub.tokenRequests++;
      const form = new URLSearchParams(raw);
      const id = form.get('client_id') ?? '';
      if (
        form.get('grant_type') !== 'client_credentials' ||
        !form.get('client_version') ||
        stub.merchants.get(id) !== form.get('client_secret')
      )
        return send(401, { code: 'UNAUTHORIZED', message: 'Invalid client credentials' });
      const token = randomUUID();
      tokens.set(token, id);
      const now = Math.floor(Date.now() / 1000);
      return send(200, {
        access_token: token,
        encrypted_access_token: token,
        expires_in: 3600,
        issued_at: now,
        expires_at: now + 3600,
        session_expires_at: now + 3600,
        token_type: 'O-Bearer',
      });
    }
    const auth = /^O-Bearer (.+)$/.exec(String(req.headers.authorization ?? ''));
    const clientId = auth ? tokens.get(auth[1]!) : undefined;
    if (!clientId) return send(401, { code: 'UNAUTHORIZED', message: 'Invalid token' });

    if (req.method === 'POST' && url.pathname === '/checkout/v2/pay') {
      const body = JSON.parse(raw || '{}');
      const redirect = body?.paymentFlow?.merchantUrls?.redirectUrl;
      if (
        typeof body.merchantOrderId !== 'string' ||
        !Number.isInteger(body.amount) ||
        body.amount < 100 ||
        body?.paymentFlow?.type !== 'PG_CHECKOUT' ||
        typeof redirect !== 'string'
      )
        return send(400, { code: 'BAD_REQUEST', message: 'Invalid pay request' });
      if (stub.orders.has(body.merchantOrderId)) return send(409, { code: 'DUPLICATE', message: 'Order exists' });
      const order: StubOrder = {
        clientId,
        merchantOrderId: body.merchantOrderId,
        orderId: `OMO${randomUUID().replace(/-/g, '').slice(0, 20)}`,
        amount: body.amount,
        state: 'PENDING',
        redirectUrl: redirect,
      };
      stub.orders.set(order.merchantOrderId, order);
      return send(200, {
        orderId: order.orderId,
        state: 'PENDING',
        expireAt: Date.now() + 1_200_000,
        redirectUrl: `${stubUrl}/pay-page/${order.orderId}`,
      });
    }
    const status = /^\/checkout\/v2\/order\/([^/]+)\/status$/.exec(url.pathname);
    if (req.method === 'GET' && status) {
      const order = stub.orders.get(decodeURIComponent(status[1]!));
      // Another merchant's order does not exist for this caller.
      if (!order || order.clientId !== clientId) return send(404, { code: 'NOT_FOUND', message: 'Order not found' });
      const paid = order.paid ?? order.amount;
      return send(200, {
        orderId: order.orderId,
        state: order.state,
        amount: order.state === 'COMPLETED' ? paid : order.amount,
        expireAt: Date.now() + 1_200_000,
        paymentDetails:
          order.state === 'PENDING'
            ? []
            : [
                {
                  paymentMode: 'UPI_INTENT',
                  transactionId: order.transactionId,
                  timestamp: Date.now(),
                  amount: paid,
                  state: order.state,
                },
              ],
      });
    }
    if (req.method === 'POST' && url.pathname === '/payments/v2/refund') {
      const body = JSON.parse(raw || '{}');
      const order = stub.orders.get(body.originalMerchantOrderId);
      if (!order || order.clientId !== clientId || order.state !== 'COMPLETED')
        return send(400, { code: 'BAD_REQUEST', message: 'Order not refundable' });
      stub.refundCalls++;
      const known = stub.refunds.find((r) => r.clientId === clientId && r.merchantRefundId === body.merchantRefundId);
      const refund = known ?? { clientId, ...body, state: 'PENDING' as const };
      if (!known) stub.refunds.push(refund);
      if (stub.failNextRefundAfterTaking) {
        stub.failNextRefundAfterTaking = false;
        return send(500, { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong' });
      }
      return send(200, { refundId: `OMR${randomUUID().slice(0, 8)}`, amount: refund.amount, state: refund.state });
    }
    const refundStatus = /^\/payments\/v2\/refund\/([^/]+)\/status$/.exec(url.pathname);
    if (req.method === 'GET' && refundStatus) {
      const id = decodeURIComponent(refundStatus[1]!);
      const refund = stub.refunds.find((r) => r.clientId === clientId && r.merchantRefundId === id);
      if (!refund) return send(404, { code: 'NOT_FOUND', message: 'Refund not found' });
      return send(200, {
        originalMerchantOrderId: refund.originalMerchantOrderId,
        amount: refund.amount,
        state: refund.state,
        timestamp: Date.now(),
      });
    }
    return send(404, { code: 'NOT_FOUND', message: 'No such endpoint' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const stubUrl = `http://127.0.0.1:${port}`;
  return Object.assign(stub, {
    url: stubUrl,
    settle(merchantOrderId: string, state: 'COMPLETED' | 'FAILED', paidPaise?: number) {
      const order = stub.orders.get(merchantOrderId);
      if (!order) throw new Error(`no stub order ${merchantOrderId}`);
      order.state = state;
      order.transactionId = `OM${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      if (paidPaise !== undefined) order.paid = paidPaise;
    },
    settleRefund(merchantRefundId: string, state: 'COMPLETED' | 'FAILED') {
      const refund = stub.refunds.find((r) => r.merchantRefundId === merchantRefundId);
      if (!refund) throw new Error(`no stub refund ${merchantRefundId}`);
      refund.state = state;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
