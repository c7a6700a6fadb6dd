/**
 * Shared steps of the flight integration tests: a fresh customer of a demo site (so no test shares a
 * wallet or a look-to-book counter), money in their wallet, a search and the passengers of a booking.
 */
import { expect } from 'vitest';
import { orderSuccessCallback, search, setFlightDetails } from '@tp/contracts/endpoints/flights';
import { completeSandboxPayment, verifyPayment } from '@tp/contracts/endpoints/wallet';
import type {
  TBooking,
  TFlightOption,
  TPassengerInput,
  TPaymentOrder,
  TSearchResponse,
} from '@tp/contracts/endpoints/flights';
import type { DEMO_SITES } from '../../scripts/seed/sites.ts';
import { createAccount } from '../../functions/src/users/accounts/index.ts';
import { hashPassword } from '../../functions/src/users/password.ts';
import { move } from '../../functions/src/wallet/ledger.ts';
import { setUserFields } from '../../functions/src/users/customers-repo.ts';
import { Client, mailbox } from '../support/api.ts';
import { signedIn } from './customers-helpers.ts';
import { PASSWORD, uniqueEmail, uniquePhone, useStackTable } from './users-helpers.ts';
import type { SiteId } from '../../functions/src/lib/keys.ts';

type DemoSite = (typeof DEMO_SITES)[number];
let passwordHash: Promise<string> | undefined;

export interface Customer {
  client: Client;
  userId: string;
  legalEntityId: string;
  email: string;
}

export async function newCustomer(
  site: DemoSite,
  userType: 'travelAgent' | 'retail' | 'corporate',
  options: { wallet?: number; holdAllowed?: boolean } = {},
): Promise<Customer> {
  useStackTable();
  const email = uniqueEmail(userType);
  const user = await createAccount(
    { site, now: new Date() },
    {
      userType,
      email,
      firstName: 'Asha',
      lastName: 'Verma',
      ...(userType === 'travelAgent' ? { companyName: 'Verma Travels' } : {}),
      phoneNumbers: [{ label: 'Primary', phoneNumber: uniquePhone(), phoneCountryCode: 'in' }],
      status: 'verified',
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
      isUserSuperAdmin: false,
    },
  );
  if (options.holdAllowed !== undefined)
    await setUserFields(site.siteId, user.userId, { isFlightHoldAllowed: options.holdAllowed }, new Date());
  if (options.wallet) await topUp(site.siteId, user.legalEntityId, options.wallet);
  return {
    client: await signedIn(email, site.domain, PASSWORD),
    userId: user.userId,
    legalEntityId: user.legalEntityId,
    email,
  };
}

export async function topUp(siteId: SiteId, legalEntityId: string, amount: number): Promise<void> {
  const result = await move('credit', {
    siteId,
    legalEntityId,
    entryId: `test-topup-${Math.random().toString(36).slice(2)}`,
    amount,
    currency: 'INR',
    kind: 'topUp',
    remark: 'Test top-up',
    byUserId: 'test',
    now: new Date(),
  });
  expect(result).toBe('done');
}

/** A date `days` from now, `YYYY-MM-DD`. */
export const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function oneWay(
  c: Client,
  origin = 'DEL',
  destination = 'BOM',
  days = 20,
  pax = { adt: 1, chd: 0, inf: 0 },
) {
  const res = await c.call(search, {
    JourneyType: 1,
    segments: [{ origin, destination, preferredDepartureTime: `${inDays(days)}T00:00:00` }],
    adultCount: pax.adt,
    childCount: pax.chd,
    infantCount: pax.inf,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as TSearchResponse;
}

export const adult = (overrides: Partial<TPassengerInput> = {}): TPassengerInput => ({
  title: 'Mr',
  firstName: 'Ravi',
  lastName: 'Kumar',
  paxType: 1,
  gender: 1,
  isLeadPax: true,
  phoneCode: '+91',
  mobileNo: '9876543210',
  email: 'ravi@example.com',
  dateOfBirth: '1988-04-12',
  passportNo: 'K1234567',
  passportExpiry: '2035-01-01',
  passportIssueCountryCode: 'IN',
  nationality: 'IN',
  countryCode: 'IN',
  addressLine1: '12 MG Road',
  city: 'Delhi',
  ...overrides,
});

/**
 * Seats an option must still have on every flight for a test to book it. The simulator puts 1–4 seats on
 * sale on about one flight in eight, and the whole run books on the same site and routes: the cheapest
 * such flight sold out under a test's second booking in CI (a 409 "Seats are no longer available").
 */
const ROOMY_SEATS = 9;
const hasRoom = (o: TFlightOption): boolean =>
  o.segments.flat().every((s) => s.seatsLeft === undefined || s.seatsLeft >= ROOMY_SEATS);

/** The first option (cheapest first) that passes `test` and has room on every flight. */
export const pick = (r: TSearchResponse, test: (o: TFlightOption) => boolean = () => true): TFlightOption => {
  const found = r.results[0]!.find((o) => test(o) && hasRoom(o));
  if (!found) throw new Error('no option matched');
  return found;
};

/** setFlightDetails as the passengers screen sends it; the test fails unless the order is created. */
export async function placeOrder(
  c: Customer,
  found: TSearchResponse,
  option: TFlightOption,
  extra: { paymentMode?: 'wallet' | 'gateway'; hold?: boolean; passengers?: TPassengerInput[] } = {},
): Promise<TPaymentOrder> {
  const res = await c.client.call(setFlightDetails, {
    searchId: found.searchId,
    resultIndex: option.resultIndex,
    passengers: extra.passengers ?? [adult()],
    paymentMode: extra.paymentMode ?? 'wallet',
    ...(extra.hold ? { hold: true } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as TPaymentOrder;
}

/** The sandbox payment behind a gateway order's redirect (`/app/sandbox-gateway/<paymentId>`). */
export const sandboxPaymentId = (order: Pick<TPaymentOrder, 'redirectTo'>): string => {
  const m = /\/sandbox-gateway\/([^/?#]+)$/.exec(order.redirectTo ?? '');
  if (!m) throw new Error(`not a sandbox redirect: ${order.redirectTo}`);
  return decodeURIComponent(m[1]!);
};

/**
 * Pays a gateway order like the payer and the verify screen: Pay on the sandbox page, then verifyPayment
 * until the payments worker has applied it, then orderSuccessCallback for the outcome.
 */
export async function payOnSandbox(c: Customer, order: Pick<TPaymentOrder, 'orderId' | 'redirectTo'>) {
  const paid = await new Client(c.client.domain).call(completeSandboxPayment, {
    paymentId: sandboxPaymentId(order),
    outcome: 'pay',
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  let state: unknown;
  for (let i = 0; i < 80; i++) {
    const res = await c.client.call(verifyPayment, { orderId: order.orderId });
    state = res.body;
    if (res.body.result?.status === 'success') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect((state as { result?: { status?: string } }).result?.status, JSON.stringify(state)).toBe('success');
  const outcome = await c.client.call(orderSuccessCallback, { orderId: order.orderId });
  expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
  return outcome.body.result as { order: TPaymentOrder; bookings: TBooking[]; next: string };
}

type StoredMail = Awaited<ReturnType<typeof mailbox>>[number];

/** A mail's recipients, one address each (the SES emulator keeps a multi-recipient To as one string). */
export const recipients = (m: StoredMail): string[] =>
  m.destination.to.flatMap((t) => t.split(',')).map((t) => t.trim().toLowerCase());

/** Waits for the e-ticket mail of a PNR to `to` (the email worker is asynchronous). */
export async function waitForETicket(to: string, pnr: string, timeoutMs = 20_000): Promise<StoredMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox()).find((m) => m.subject.includes(pnr) && recipients(m).includes(to.toLowerCase()));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no e-ticket mail for ${pnr} to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
