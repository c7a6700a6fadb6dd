import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import * as MSG from '../messages.ts';
import { zEmailText, zId, zShortText } from '../fields.ts';
import {
  ZActiveGateway,
  ZAddMoney,
  ZDebitMoney,
  ZBalanceRow,
  ZBankDetails,
  ZPageLimit,
  ZPayment,
  ZReviewOffline,
  ZSandboxPayment,
  ZSetCreditLine,
  ZUserPaymentEntry,
  ZUserPaymentEntryResult,
  ZVerifyResult,
  ZWalletBalance,
  ZWalletEntry,
  pageOf,
  zCursor,
} from '../wallet.ts';
import { lazy } from '../lazy.ts';

// Wallets, gateways and payments (spec 000 §4; domain.md "Wallet", "Payment order").

const zPaging = () => ({ cursor: zCursor(), limit: ZPageLimit });
const zCustomer = () => ({ userId: z.optional(zId()), email: z.optional(zEmailText()) });

export const getActiveGateway = endpoint({
  id: 'wallet.getActiveGateway',
  api: 'site',
  method: 'POST',
  path: 'payment/getActiveGateway',
  domain: 'wallet',
  auth: 'user',
  request: zEmpty,
  response: ZActiveGateway,
  summary: "The site's active payment gateway (name only; credentials never leave the server).",
});

export const verifyPayment = endpoint({
  id: 'wallet.verifyPayment',
  api: 'site',
  method: 'POST',
  path: 'payment/phonepe/verifyPayment',
  domain: 'wallet',
  auth: 'user',
  request: lazy(() => z.object({ orderId: zId() })),
  response: ZVerifyResult,
  summary:
    'State of the gateway payment behind a flight order id (or a top-up payment id); queues a verification while it is open. The client retries 5 times, 2 s apart.',
});

export const getBankDetails = endpoint({
  id: 'wallet.getBankDetails',
  api: 'site',
  method: 'POST',
  path: 'whitelabel/getBankDetails',
  domain: 'wallet',
  auth: 'user',
  request: zEmpty,
  response: lazy(() => z.nullable(ZBankDetails)),
  summary: "The site's bank details for offline transfers (null when the site has none).",
});

export const addWalletEntry = endpoint({
  id: 'wallet.addWlUserWalletEntry',
  api: 'site',
  method: 'POST',
  path: 'wl/user/addWlUserWalletEntry',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.addMoney',
  request: lazy(() =>
    ZAddMoney.check(z.refine((v) => !!(v.userId || v.email), { message: MSG.required, path: ['email'] })),
  ),
  response: lazy(() => z.object({ entry: ZWalletEntry, balance: ZWalletBalance, duplicate: z.boolean() })),
  summary:
    "Staff Add Money: credits a customer's wallet once per requestId (a repeated or concurrent submit adds nothing more).",
});

/** Our own call: the staff debit adjustment (issue #11; the spec has only Add Money). */
export const debitWalletEntry = endpoint({
  id: 'wallet.debitWlUserWalletEntry',
  api: 'site',
  method: 'POST',
  path: 'wl/user/debitWlUserWalletEntry',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.debitMoney',
  request: lazy(() =>
    ZDebitMoney.check(z.refine((v) => !!(v.userId || v.email), { message: MSG.required, path: ['email'] })),
  ),
  response: lazy(() => z.object({ entry: ZWalletEntry, balance: ZWalletBalance, duplicate: z.boolean() })),
  summary:
    "Staff debit adjustment with a required reason: takes money from a customer's wallet once per requestId, never past what the wallet may spend (balance + credit limit).",
});

/** Our own call (issue #16 item 1; docs/credit-lines.md): staff set a customer's credit limit and credit days. */
export const setCreditLine = endpoint({
  id: 'wallet.setCreditLine',
  api: 'site',
  method: 'POST',
  path: 'wl/user/setCreditLine',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.creditLines',
  request: lazy(() =>
    ZSetCreditLine.check(z.refine((v) => !!(v.userId || v.email), { message: MSG.required, path: ['email'] })),
  ),
  response: ZWalletBalance,
  summary:
    "Staff set a customer's credit line: the limit (available moves by the difference; never below the credit in use) and the credit days given to each future draw. Audited.",
});

export const getCustomerWalletEntries = endpoint({
  id: 'wallet.getWlUserWalletEntry',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getWlUserWalletEntry',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.viewReports',
  request: lazy(() =>
    z
      .object({ ...zCustomer(), ...zPaging() })
      .check(z.refine((v) => !!(v.userId || v.email), { message: MSG.required, path: ['email'] })),
  ),
  response: lazy(() => z.extend(pageOf(ZWalletEntry), { balance: ZWalletBalance, customerEmail: z.string() })),
  summary: "A customer's wallet entries newest first, with the balance (cursor pages).",
});

export const getMyWalletEntries = endpoint({
  id: 'wallet.getMyWalletEntry',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getMyWalletEntry',
  domain: 'wallet',
  auth: 'user',
  request: lazy(() => z.object(zPaging())),
  response: lazy(() => pageOf(ZWalletEntry)),
  summary: "The caller's legal entity's wallet entries newest first (cursor pages).",
});

export const getWalletBalance = endpoint({
  id: 'wallet.getWlUserWalletBalance',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getWlUserWalletBalance',
  domain: 'wallet',
  auth: 'user',
  request: lazy(() => z.object(zCustomer())),
  response: ZWalletBalance,
  summary: "The caller's wallet balance; staff with wallet.viewReports may name a customer (userId or email).",
});

export const userPaymentEntry = endpoint({
  id: 'wallet.userPaymentEntry',
  api: 'site',
  method: 'POST',
  path: 'wl/user/userPaymentEntry',
  domain: 'wallet',
  auth: 'user',
  request: ZUserPaymentEntry,
  response: ZUserPaymentEntryResult,
  summary:
    "Tops up the caller's wallet: mode 'gateway' starts a gateway payment (redirectTo); mode 'offline' records a bank transfer that staff approve.",
});

export const getMyPayments = endpoint({
  id: 'wallet.getMyPayments',
  api: 'site',
  method: 'POST',
  path: 'payment/getMyPayments',
  domain: 'wallet',
  auth: 'user',
  request: lazy(() => z.object({ orderId: z.optional(zId()), ...zPaging() })),
  response: lazy(() => pageOf(ZPayment)),
  summary: "The caller's payments newest first, or those of one order / top-up (orderId).",
});

export const getGatewayTransactions = endpoint({
  id: 'wallet.getGatewayTransactions',
  api: 'site',
  method: 'POST',
  path: 'payment/getGatewayTransactions',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.viewReports',
  request: lazy(() => z.object(zPaging())),
  response: lazy(() => pageOf(ZPayment)),
  summary: "The site's payments (gateway and offline) newest first.",
});

export const getPendingOfflinePayments = endpoint({
  id: 'wallet.getPendingOfflinePayments',
  api: 'site',
  method: 'POST',
  path: 'payment/getPendingOfflinePayments',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.viewReports',
  request: lazy(() => z.object(zPaging())),
  response: lazy(() => pageOf(ZPayment)),
  summary: 'Offline transfers users recorded that wait for review, oldest first.',
});

export const reviewOfflinePayment = endpoint({
  id: 'wallet.reviewOfflinePayment',
  api: 'site',
  method: 'POST',
  path: 'payment/reviewOfflinePayment',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.addMoney',
  request: ZReviewOffline,
  response: ZPayment,
  summary: 'Approves (credits the wallet once) or rejects an offline transfer.',
});

export const getWalletBalances = endpoint({
  id: 'wallet.getWalletBalances',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getWalletBalances',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.downloadBalances',
  request: lazy(() =>
    z.object({
      cursor: zCursor(),
      limit: z._default(z.coerce.number().check(z.int()).check(z.minimum(1)).check(z.maximum(100)), 100),
    }),
  ),
  response: lazy(() => pageOf(ZBalanceRow)),
  summary: 'Every wallet balance of the site (balances download), in pages.',
});

export const getSandboxPayment = endpoint({
  id: 'wallet.getSandboxPayment',
  api: 'site',
  method: 'POST',
  path: 'payment/sandbox/getPayment',
  domain: 'wallet',
  auth: 'public',
  request: lazy(() => z.object({ paymentId: zId() })),
  response: ZSandboxPayment,
  summary: 'The embedded sandbox gateway page: the payment behind its unguessable id.',
});

export const completeSandboxPayment = endpoint({
  id: 'wallet.completeSandboxPayment',
  api: 'site',
  method: 'POST',
  path: 'payment/sandbox/complete',
  domain: 'wallet',
  auth: 'public',
  request: lazy(() =>
    z.object({ paymentId: zId(), outcome: z.enum(['pay', 'fail', 'abandon'], { error: MSG.required }) }),
  ),
  response: lazy(() => z.object({ returnTo: z.string(), state: z.enum(['PENDING', 'COMPLETED', 'FAILED']) })),
  summary: "The sandbox payer's choice: Pay / Fail settle it once and queue its verification; Abandon leaves it open.",
});

export const phonePeCallback = endpoint({
  id: 'wallet.phonePeCallback',
  api: 'site',
  method: 'POST',
  path: 'payment/phonepe/callback',
  domain: 'wallet',
  auth: 'public',
  serverToServer: true,
  request: lazy(() =>
    z.object({
      event: z.optional(zShortText({ required: false })),
      type: z.optional(zShortText({ required: false })),
      payload: z.looseObject({ merchantOrderId: zId(), state: z.optional(zShortText({ required: false })) }),
    }),
  ),
  response: lazy(() => z.object({ received: z.literal(true) })),
  summary:
    "Ours: PhonePe's server-to-server callback (the site's callback URL on PhonePe's dashboard). Checked against the site's callback username and password (Authorization: SHA256(username:password)); a genuine one queues the payment's verification with PhonePe's status API, a forged one is refused (401) and changes nothing.",
});

export const walletEndpoints: Endpoint[] = [
  getActiveGateway,
  verifyPayment,
  getBankDetails,
  addWalletEntry,
  debitWalletEntry,
  setCreditLine,
  getCustomerWalletEntries,
  getMyWalletEntries,
  getWalletBalance,
  userPaymentEntry,
  getMyPayments,
  getGatewayTransactions,
  getPendingOfflinePayments,
  reviewOfflinePayment,
  getWalletBalances,
  getSandboxPayment,
  completeSandboxPayment,
  phonePeCallback,
];
