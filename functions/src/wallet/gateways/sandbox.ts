/**
 * The embedded sandbox gateway: a page served by the stack itself (/sandbox-gateway/<paymentId>) where
 * the payer chooses Pay, Fail or Abandon. Its state lives on our payment record; the unguessable
 * payment id is the page's only credential.
 */
import { sandboxPaymentsAllowed } from '#lib/config';
import { fail } from '#lib/errors';
import { getPayment } from '../payments-repo.ts';
import { acceptSandboxRefund, getRefund } from '../refunds-repo.ts';
import type { GatewayStatus, PaymentGateway } from './types.ts';

/** On a stage that forbids sandbox payments the sandbox routes do not exist (404, as an unknown route). */
export function assertSandboxRoutesOpen(): void {
  if (!sandboxPaymentsAllowed()) throw fail.notFound();
}

export const sandboxPagePath = (paymentId: string) => `/app/sandbox-gateway/${paymentId}`;

export const sandboxGateway: PaymentGateway = {
  name: 'sandbox',
  async create({ paymentId }) {
    return { redirectTo: sandboxPagePath(paymentId) };
  },
  async status(siteId, paymentId): Promise<GatewayStatus> {
    const p = await getPayment(siteId, paymentId);
    const state = p?.sandboxState ?? 'PENDING';
    return {
      state,
      transactionId: state === 'PENDING' ? null : `SBX-${paymentId.slice(0, 12).toUpperCase()}`,
      amount: state === 'COMPLETED' && p ? Number(p.amount) : null,
    };
  },
  async refund(siteId, _paymentId, refundId, _amount) {
    // Nothing real moved back. A tracked refund is taken now and confirmed at its next status check, as a real
    // gateway does; an untracked one (an amount mismatch refunded on verification) is done at once.
    return { state: (await acceptSandboxRefund(siteId, refundId, new Date())) ? 'PENDING' : 'COMPLETED' };
  },
  async refundStatus(siteId, refundId) {
    const r = await getRefund(siteId, refundId);
    return r?.sandboxAcceptedAt ? { state: 'COMPLETED' } : null;
  },
};
