/**
 * Agencies and companies with several users, through the local gateway: an agency's admin invites a booker by
 * mail, the booker sets a password through the link and signs in as the agency; the booker books against the
 * agency's wallet (one debit of the agency's balance); a booker sees their own bookings, the admin all of the
 * agency's; the admin deactivates a booker (their session ends at once, sign-in refused) and reactivates them. A
 * company's admin invites a traveller and an approver, who sees the traveller's bookings.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AGENCY_MSG,
  deactivateMember,
  getMembers,
  inviteMember,
  reactivateMember,
  resendInvite,
  type TMember,
} from '@tp/contracts/endpoints/agency';
import { getBookingDetails, orderSuccessCallback } from '@tp/contracts/endpoints/flights';
import { getSourceInvoice } from '@tp/contracts/endpoints/invoices';
import { getTickets } from '@tp/contracts/endpoints/tickets';
import { generatePassword, getUserBySessionId, login } from '@tp/contracts/endpoints/users';
import { getMyWalletEntries, getWalletBalance } from '@tp/contracts/endpoints/wallet';
import * as MSG from '@tp/contracts/messages';
import { getBooking } from '../../functions/src/bookings/index.ts';
import { invoiceBooked } from '../../functions/src/invoices/index.ts';
import { auditTrail } from '../../functions/src/lib/audit.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { Client, mailbox } from '../support/api.ts';
import { FLIGHTDEALS } from './customers-helpers.ts';
import { newCustomer, oneWay, pick, placeOrder, type Customer } from './flights-helpers.ts';
import { linkToken, uniqueEmail, useStackTable } from './users-helpers.ts';

const SITE = FLIGHTDEALS.domain;
const PASSWORD = 'Booker-Desk-77';

let admin: Customer;
let otherAgency: Customer;

beforeAll(async () => {
  useStackTable();
  admin = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 400_000 });
  otherAgency = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 50_000 });
});

/** The newest invite mail's link token for `email` (other than `after`), waiting for it to arrive. */
async function inviteToken(email: string, after?: string): Promise<string> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const mails = (await mailbox()).filter((m) => m.destination.to.includes(email) && /invited/.test(m.subject));
    const token = mails.length ? linkToken(mails.at(-1)!.body.text, 'token') : undefined;
    if (token && token !== after) return token;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no invite for ${email}`);
}

async function invite(by: Customer, role: TMember['role'], email = uniqueEmail(role)): Promise<TMember> {
  const res = await by.client.call(inviteMember, { email, name: 'Ravi Kumar', role });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as TMember;
}

/** Invites a member, follows the mailed link to set a password and signs them in. */
async function joined(by: Customer, role: TMember['role']): Promise<Customer> {
  const member = await invite(by, role);
  const token = await inviteToken(member.email);
  const set = await new Client(SITE).call(generatePassword, { token, password: PASSWORD, confirmPassword: PASSWORD });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const client = new Client(SITE);
  expect((await client.call(login, { email: member.email, password: PASSWORD })).status).toBe(200);
  return { client, userId: member.userId, legalEntityId: by.legalEntityId, email: member.email };
}

async function book(c: Customer): Promise<{ bookingId: string; amount: number }> {
  const found = await oneWay(c.client);
  const o = await placeOrder(
    c,
    found,
    pick(found, (x) => x.isLcc),
  );
  const paid = await c.client.call(orderSuccessCallback, { orderId: o.orderId });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { bookingId: paid.body.result.bookings[0].bookingId, amount: o.amount };
}

async function queueIds(c: Customer): Promise<string[]> {
  const res = await c.client.call(getTickets, { queue: 'tickets', pageSize: 100 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.result.records as { bookingId: string }[]).map((r) => r.bookingId).sort();
}

const members = async (c: Customer): Promise<TMember[]> => {
  const res = await c.client.call(getMembers, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.records;
};

describe('an agency admin invites a booker', () => {
  it('mails a single-use link; the booker sets a password and signs in as the agency', async () => {
    const member = await invite(admin, 'booker');
    expect(member).toMatchObject({ role: 'booker', status: 'invited', firstName: 'Ravi', lastName: 'Kumar' });
    // No password yet: nobody can sign in as the invited address.
    expect((await new Client(SITE).call(login, { email: member.email, password: PASSWORD })).status).toBe(401);

    const token = await inviteToken(member.email);
    const mail = (await mailbox()).filter((m) => m.destination.to.includes(member.email)).at(-1)!;
    expect(mail.body.text).toMatch(/booker for Verma Travels/);
    const set = () => new Client(SITE).call(generatePassword, { token, password: PASSWORD, confirmPassword: PASSWORD });
    expect((await set()).status).toBe(200);
    const again = await set();
    expect(again.status).toBe(400);
    expect(again.body.errorMessage).toBe(MSG.resetLinkInvalid);

    const signedIn = await new Client(SITE).call(login, { email: member.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result).toMatchObject({
      userType: 'travelAgent',
      accountRole: 'booker',
      legalEntity: { id: admin.legalEntityId },
    });
    expect((await members(admin)).find((m) => m.userId === member.userId)?.status).toBe('active');
  });

  it('a resent invite kills the first link', async () => {
    const member = await invite(admin, 'booker');
    const first = await inviteToken(member.email);
    expect((await admin.client.call(resendInvite, { userId: member.userId })).status).toBe(200);
    const second = await inviteToken(member.email, first);
    const use = (token: string) =>
      new Client(SITE).call(generatePassword, { token, password: PASSWORD, confirmPassword: PASSWORD });
    expect((await use(first)).status).toBe(400);
    expect((await use(second)).status).toBe(200);
    const resend = await admin.client.call(resendInvite, { userId: member.userId });
    expect(resend.status).toBe(400);
    expect(resend.body.errorMessage).toBe(AGENCY_MSG.alreadyActive);
  });

  it('refuses what is not the admin’s to do, and changes nothing', async () => {
    const booker = await joined(admin, 'booker');
    expect((await booker.client.call(getMembers, {})).status).toBe(403);
    const byBooker = await booker.client.call(inviteMember, { email: uniqueEmail('x'), name: 'X', role: 'booker' });
    expect(byBooker.status).toBe(403);
    // An agency invites bookers only; a taken address is refused on its field.
    const wrongRole = await admin.client.call(inviteMember, { email: uniqueEmail('x'), name: 'X', role: 'approver' });
    expect(wrongRole.status).toBe(400);
    expect(wrongRole.body.shortError?.role).toBe(AGENCY_MSG.roleNotInvitable);
    const taken = await admin.client.call(inviteMember, { email: booker.email, name: 'X', role: 'booker' });
    expect(taken.status).toBe(409);
    expect(taken.body.shortError?.email).toBe(MSG.emailTaken);
    const bad = await admin.client.call(inviteMember, { email: 'not-an-address', name: 'X', role: 'booker' });
    expect(bad.status).toBe(400);
    // Another agency's member reads as none.
    expect((await otherAgency.client.call(deactivateMember, { userId: booker.userId })).status).toBe(404);
    const retail = await newCustomer(FLIGHTDEALS, 'retail');
    expect((await retail.client.call(getMembers, {})).status).toBe(403);
    expect((await booker.client.call(getUserBySessionId, {})).status).toBe(200);
  });
});

describe('the agency books as one legal entity', () => {
  let booker: Customer;
  let bookerBooking: string;
  let adminBooking: string;

  beforeAll(async () => {
    booker = await joined(admin, 'booker');
  });

  it("debits the agency's wallet once for the booker's booking", async () => {
    const before = (await balanceOf(FLIGHTDEALS.siteId, admin.legalEntityId)).balance;
    const shared = await booker.client.call(getWalletBalance, {});
    expect(shared.body.result.balance).toBe(before);
    const { bookingId, amount } = await book(booker);
    bookerBooking = bookingId;
    const after = (await balanceOf(FLIGHTDEALS.siteId, admin.legalEntityId)).balance;
    expect(Math.round((before - after) * 100) / 100).toBe(amount);
    const details = await booker.client.call(getBookingDetails, { bookingId });
    expect(details.body.result.booking.accounting.legalEntityId).toBe(admin.legalEntityId);
    // The statement is the admin's: the booker spends from the wallet and sees its balance only.
    const statement = await booker.client.call(getMyWalletEntries, {});
    expect(statement.status).toBe(403);
    expect(statement.body.errorMessage).toBe(AGENCY_MSG.statementAdminsOnly);
    expect((await admin.client.call(getMyWalletEntries, {})).status).toBe(200);
  });

  it('a booker sees their own bookings, the admin all of the agency’s, another agency none', async () => {
    adminBooking = (await book(admin)).bookingId;
    expect(await queueIds(booker)).toEqual([bookerBooking]);
    const all = await queueIds(admin);
    expect(all).toEqual(expect.arrayContaining([bookerBooking, adminBooking]));
    expect(await queueIds(otherAgency)).not.toEqual(expect.arrayContaining([bookerBooking]));
    expect((await admin.client.call(getBookingDetails, { bookingId: bookerBooking })).status).toBe(200);
    expect((await booker.client.call(getBookingDetails, { bookingId: adminBooking })).status).toBe(404);
    expect((await otherAgency.client.call(getBookingDetails, { bookingId: bookerBooking })).status).toBe(404);
    // The admin narrows to one member; a booker's creator filter is ignored, never widened.
    const one = await admin.client.call(getTickets, { queue: 'tickets', pageSize: 100, userId: booker.userId });
    expect((one.body.result.records as { bookingId: string }[]).map((r) => r.bookingId)).toEqual([bookerBooking]);
    // A creator outside the account is ignored: the admin still reads the account's bookings and no one else's.
    const foreign = await admin.client.call(getTickets, {
      queue: 'tickets',
      pageSize: 100,
      userId: otherAgency.userId,
    });
    expect((foreign.body.result.records as { bookingId: string }[]).map((r) => r.bookingId).sort()).toEqual(all);
    const wide = await booker.client.call(getTickets, { queue: 'tickets', pageSize: 100, userId: admin.userId });
    expect((wide.body.result.records as { bookingId: string }[]).map((r) => r.bookingId)).toEqual([bookerBooking]);
  });

  it("the admin reads the booker's invoice; the booker not the admin's, another agency neither", async () => {
    const site = (await siteById(FLIGHTDEALS.siteId))!;
    // Issued by the after-booking hook; issuing again is idempotent, so the test need not wait for it.
    for (const id of [bookerBooking, adminBooking])
      await invoiceBooked(site, (await getBooking(FLIGHTDEALS.siteId, id))!, new Date());
    const invoice = (c: Customer, sourceId: string) => c.client.call(getSourceInvoice, { source: 'booking', sourceId });
    expect((await invoice(admin, bookerBooking)).status).toBe(200);
    expect((await invoice(booker, bookerBooking)).status).toBe(200);
    expect((await invoice(booker, adminBooking)).status).toBe(404);
    expect((await invoice(otherAgency, bookerBooking)).status).toBe(404);
  });

  it('deactivating a booker ends their session at once; reactivating lets them back in', async () => {
    const off = await admin.client.call(deactivateMember, { userId: booker.userId });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.result.status).toBe('deactivated');
    expect((await booker.client.call(getUserBySessionId, {})).status).toBe(401);
    const refused = await new Client(SITE).call(login, { email: booker.email, password: PASSWORD });
    expect(refused.status).toBe(401);
    expect(refused.body.errorMessage).toBe(AGENCY_MSG.memberDeactivated);
    // Set, not toggled: a second deactivation changes nothing and is not audited again.
    expect((await admin.client.call(deactivateMember, { userId: booker.userId })).body.result.status).toBe(
      'deactivated',
    );
    const trail = await auditTrail(FLIGHTDEALS.siteId, 'accountMember', booker.userId, { limit: 10 });
    expect(trail.records.map((e) => e.action)).toEqual(['block', 'create']);
    // The agency keeps the booking; the admin still reads it.
    expect(await queueIds(admin)).toEqual(expect.arrayContaining([bookerBooking]));

    const self = await admin.client.call(deactivateMember, { userId: admin.userId });
    expect(self.status).toBe(400);

    const on = await admin.client.call(reactivateMember, { userId: booker.userId });
    expect(on.body.result.status).toBe('active');
    const back = new Client(SITE);
    expect((await back.call(login, { email: booker.email, password: PASSWORD })).status).toBe(200);
    booker.client = back;
    expect(await queueIds(booker)).toEqual([bookerBooking]);
  });
});

describe('a company: travellers and an approver', () => {
  it("the approver sees the traveller's bookings, the traveller only their own; only the admin manages", async () => {
    const company = await newCustomer(FLIGHTDEALS, 'corporate', { wallet: 200_000 });
    const traveller = await joined(company, 'traveller');
    const approver = await joined(company, 'approver');
    const { bookingId } = await book(traveller);
    expect(await queueIds(approver)).toEqual([bookingId]);
    expect(await queueIds(traveller)).toEqual([bookingId]);
    expect((await approver.client.call(getBookingDetails, { bookingId })).status).toBe(200);
    expect((await approver.client.call(getMembers, {})).status).toBe(403);
    const roles = (await members(company)).map((m) => m.role).sort();
    expect(roles).toEqual(['admin', 'approver', 'traveller']);
    const wrong = await company.client.call(inviteMember, { email: uniqueEmail('x'), name: 'X', role: 'booker' });
    expect(wrong.status).toBe(400);
  });
});
