import type { GatewayName } from '@tp/contracts/endpoints/wallet';
import type { SiteId } from '#lib/keys';

/** The gateway's view of a payment. PENDING covers "not paid yet" and "still processing". */
export type GatewayState = 'PENDING' | 'COMPLETED' | 'FAILED';

export interface GatewayStatus {
  state: GatewayState;
  /** The gateway's transaction id once a payment attempt exists. */
  transactionId: string | null;
  /** What the gateway says was paid, in rupees (null until known). */
  amount: number | null;
}

export interface CreateInput {
  siteId: SiteId;
  paymentId: string;
  amount: number;
  currency: string;
  /** Where the payer comes back to (absolute for external gateways). */
  returnUrl: string;
  /** Payment lifetime in seconds. */
  expireAfter: number;
  message: string;
}

/** A refund at the gateway: PENDING until the gateway has moved the money (PhonePe's CONFIRMED is still pending). */
export type GatewayRefundState = 'PENDING' | 'COMPLETED' | 'FAILED';

/**
 * One interface for every gateway (architecture.md "Payments"): start a payment and get the page the
 * payer goes to, ask its state, and send money back. Our paymentId is the gateway's merchant order id,
 * so status and refund need nothing but it.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  create(input: CreateInput): Promise<{ redirectTo: string }>;
  status(siteId: SiteId, paymentId: string): Promise<GatewayStatus>;
  /** Sends `amount` of the payment back; `refundId` (ours, the merchant refund id) names it at the gateway. */
  refund(siteId: SiteId, paymentId: string, refundId: string, amount: number): Promise<{ state: GatewayRefundState }>;
  /** The state of a refund sent earlier; null when the gateway never received it. */
  refundStatus(siteId: SiteId, refundId: string): Promise<{ state: GatewayRefundState } | null>;
}
