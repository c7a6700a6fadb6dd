/**
 * The embedded sandbox gateway: a page served by the stack itself (/sandbox-gateway/<paymentId>) where
 * the payer chooses Pay, Fail or Abandon. Its state lives on our payment record; the unguessable
 * payment id is the page's only credential.
 */
import { getPayment } from '../payments-repo.ts';
import type { GatewayStatus, PaymentGateway } from './types.ts';

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
  async refund(_siteId, _paymentId, _refundId, _amount) {
    // Nothing real moved, so nothing moves back; the caller records the refund on the payment.
    return { state: 'COMPLETED' };
  },
};
