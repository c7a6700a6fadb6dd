/**
 * Through the gateway: a partner account cannot be pre-registered by someone else.
 * Someone signs up on the supplier site with the consumer admin's email (as an agency or a traveller,
 * verified or not) before the consumer asks; the supplier approves; the consumer's staff jump. The jump
 * must land on the link's own account, the squatter's password must reach the squatter's account only,
 * and the squatter must see none of the link's bookings, wallet or customer group. Each variant runs on
 * sites made for it (a fresh supplier and consumer), so no other test's links are touched.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { getMyLegalEntity, updateDetails } from '@tp/contracts/endpoints/customers';
import { mapLegalEntityToGroup, saveLeGroup } from '@tp/contracts/endpoints/groups';
import {
  changeApiCustomerRequestStatus,
  consumerToSupplierRequests,
  getApiConsumers,
  jumplogin,
  saveSupplierProfile,
  supplierApprovalAcceptTermsAndConditions,
} from '@tp/contracts/endpoints/suppliers';
import { getTickets } from '@tp/contracts/endpoints/tickets';
import {
  forgetPassword,
  generatePassword,
  getUserBySessionId,
  login,
  loginBySessionId,
  signup,
  verifyEmail,
} from '@tp/contracts/endpoints/users';
import { addWalletEntry, getMyWalletEntries, getWalletBalance } from '@tp/contracts/endpoints/wallet';
import type { TApiConsumer } from '@tp/contracts/endpoints/suppliers';
import { putBooking } from '../../functions/src/bookings/index.ts';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { activeSupplierLink } from '../../functions/src/suppliers/operations/index.ts';
import { getUser, userIdByEmail } from '../../functions/src/users/repo.ts';
import { demoBooking } from '../../scripts/seed/bookings.ts';
import { Client, waitForMail } from '../support/api.ts';
import { customer, FLIGHTDEALS, newStaff, PARTNER } from './customers-helpers.ts';
import { agentSignup, linkToken, retailSignup, uniqueEmail, uniquePhone, useStackTable } from './users-helpers.ts';

type Site = typeof FLIGHTDEALS;
const SQUATTER_PASSWORD = 'Squatter123';

/** A copy of a demo site under a fresh id and domain, with its own admin email and contact. */
async function freshSite(base: Site, prefix: string): Promise<Site> {
  const id = asSiteId(`site-${prefix}${randomUUID().slice(0, 8)}`);
  const domain = `${id}.localhost`;
  const site: Site = {
    ...base,
    siteId: id,
    _id: id,
    domain,
    extraDomains: [],
    adminEmail: `admin@${domain}`,
    adminContact: `+91 ${uniquePhone()}`,
  };
  const { extraDomains: _unused, ...record } = site;
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.site(id), type: 'Site', ...record } }));
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.domain(domain), type: 'Domain', siteId: id } }),
  );
  return site;
}

beforeAll(() => useStackTable());

const VARIANTS = [
  { title: 'an unverified agency signup', userType: 'travelAgent', verified: false },
  { title: 'a verified agency signup', userType: 'travelAgent', verified: true },
  { title: 'a verified traveller signup', userType: 'retail', verified: true },
] as const;

describe.each(VARIANTS)('the consumer admin email taken on the supplier site by $title', (variant) => {
  let supplier: Site;
  let consumer: Site;
  let supplierAdmin: Client;
  let consumerAdmin: Client;
  let squatterId: string;
  /** The jump-login session on the supplier site. */
  const partner = { client: undefined as unknown as Client, userId: '', legalEntityId: '' };

  const squatterLogin = async () => {
    const c = new Client(supplier.domain);
    const res = await c.call(login, { email: consumer.adminEmail, password: SQUATTER_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { client: c, user: res.body.result as { id: string; legalEntity: { id: string } } };
  };

  beforeAll(async () => {
    [supplier, consumer] = await Promise.all([freshSite(FLIGHTDEALS, 'sq-sup'), freshSite(PARTNER, 'sq-con')]);
    const [supStaff, conStaff] = await Promise.all([
      newStaff(supplier, { superAdmin: true }),
      newStaff(consumer, { superAdmin: true }),
    ]);
    [supplierAdmin, consumerAdmin] = [supStaff.client, conStaff.client];

    // 1. Someone signs up on the supplier site with the consumer admin's address.
    const body =
      variant.userType === 'retail'
        ? retailSignup({ email: consumer.adminEmail, password: SQUATTER_PASSWORD })
        : agentSignup({ primaryEmail: consumer.adminEmail, password: SQUATTER_PASSWORD });
    const signed = await new Client(supplier.domain).call(signup, body);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    squatterId = signed.body.result.userId;
    if (variant.verified) {
      const mail = await waitForMail(consumer.adminEmail, /Verify your email/);
      const token = linkToken(mail.body.text, 'verifyEmailToken');
      expect((await new Client(supplier.domain).call(verifyEmail, { token })).status).toBe(200);
    }
  });

  it('2. the consumer asks, the supplier approves: the link gets an account of its own', async () => {
    const profile = await supplierAdmin.call(saveSupplierProfile, {
      categories: ['Flights'],
      termsAndConditions: 'Partner terms',
      isListed: false,
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const list = profile.body.result.lists[0].supplierListId as string;
    const accepted = await consumerAdmin.call(supplierApprovalAcceptTermsAndConditions, {
      supplierId: supplier.siteId,
      version: 1,
    });
    expect(accepted.status).toBe(200);
    const asked = await consumerAdmin.call(consumerToSupplierRequests, {
      supplierId: supplier.siteId,
      supplierListId: list,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const decided = await supplierAdmin.call(changeApiCustomerRequestStatus, {
      newRequestStatus: 'Approved',
      requestId: asked.body.result.requestId,
      consumerMongoSiteId: consumer.siteId,
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    const link = await activeSupplierLink(consumer.siteId, 'Flights');
    expect(link).not.toBeNull();
    expect(link!.consumerAdminUserId).not.toBe(squatterId);
    const rows = (await supplierAdmin.call(getApiConsumers, { page: 1 })).body.result.records as TApiConsumer[];
    const squatterLe = (await getUser(supplier.siteId, squatterId))!.legalEntityId;
    expect(rows.map((r) => r.wl_legalEntityId)).toEqual([link!.consumerLegalEntityId]);
    expect(link!.consumerLegalEntityId).not.toBe(squatterLe);
    // The address still signs in to the squatter's account only: the link's account holds no email guard.
    expect(await userIdByEmail(supplier.siteId, consumer.adminEmail)).toBe(squatterId);
  });

  it("3. the consumer's staff jump in and land on the link's account, not the squatter's", async () => {
    const res = await consumerAdmin.call(jumplogin, { supplierId: supplier.siteId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = new URL(res.body.result.url).searchParams.get('sessionId')!;
    partner.client = new Client(supplier.domain);
    const signedIn = await partner.client.call(loginBySessionId, { sessionId });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result).toMatchObject({ email: consumer.adminEmail, userType: 'travelAgent' });
    partner.userId = signedIn.body.result.id;
    partner.legalEntityId = signedIn.body.result.legalEntity.id;
    expect(partner.userId).not.toBe(squatterId);
    expect(partner.userId).toBe((await activeSupplierLink(consumer.siteId, 'Flights'))!.consumerAdminUserId);
    expect((await partner.client.call(getUserBySessionId, {})).body.result.id).toBe(partner.userId);

    // A second jump lands on the same account.
    const again = await consumerAdmin.call(jumplogin, { supplierId: supplier.siteId });
    const second = await new Client(supplier.domain).call(loginBySessionId, {
      sessionId: new URL(again.body.result.url).searchParams.get('sessionId')!,
    });
    expect(second.body.result.id).toBe(partner.userId);
  });

  it("4. the squatter's password reaches the squatter's own account only", async () => {
    const { client, user } = await squatterLogin();
    expect(user.id).toBe(squatterId);
    expect((await client.call(getUserBySessionId, {})).body.result.id).toBe(squatterId);
    // The link's account has no password: a guess at it is just a wrong password.
    const wrong = await new Client(supplier.domain).call(login, {
      email: consumer.adminEmail,
      password: 'Nothing123',
    });
    expect(wrong.status).toBe(401);
    // "Forgot password" for the address resets the squatter's password, never sets one on the link's account.
    expect((await new Client(supplier.domain).call(forgetPassword, { email: consumer.adminEmail })).status).toBe(200);
    const mail = await waitForMail(consumer.adminEmail, /^(Reset|Set) your .* password$/);
    expect(mail.subject).toMatch(/^Reset/);
    const token = linkToken(mail.body.text, 'token');
    const reset = await new Client(supplier.domain).call(generatePassword, {
      token,
      password: SQUATTER_PASSWORD,
      confirmPassword: SQUATTER_PASSWORD,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await squatterLogin()).user.id).toBe(squatterId);
    expect((await getUser(supplier.siteId, partner.userId))!.passwordHash).toBeUndefined();
    expect((await partner.client.call(getUserBySessionId, {})).body.result.id).toBe(partner.userId);
  });

  it("5. the squatter sees none of the link's bookings, wallet or customer group", async () => {
    // The supplier funds the partner, groups it, and the partner books.
    const funded = await supplierAdmin.call(addWalletEntry, {
      userId: partner.userId,
      amount: 7500,
      requestId: randomUUID().replace(/-/g, ''),
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const group = await supplierAdmin.call(saveLeGroup, { groupName: `Partners ${randomUUID().slice(0, 6)}` });
    expect(group.status).toBe(200);
    const groupId = group.body.result.id as string;
    expect((await supplierAdmin.call(mapLegalEntityToGroup, { groupId, LEId: partner.legalEntityId })).status).toBe(
      200,
    );
    const u = (await getUser(supplier.siteId, partner.userId))!;
    const bookingId = `SQ${randomUUID().slice(0, 8)}`;
    await putBooking(
      demoBooking({
        siteId: supplier.siteId,
        user: {
          userId: u.userId,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          userType: u.userType,
          legalEntityId: u.legalEntityId,
        },
        bookingId,
        pnr: `Q${randomUUID().replace(/-/g, '').slice(0, 5).toUpperCase()}`,
        createdAt: new Date(),
        travelDate: new Date(Date.now() + 20 * 86_400_000),
        statusId: BOOKING_STATUS.ticketed,
        route: ['DEL', 'BOM'],
        airline: '6E',
        passengers: [{ firstName: 'Asha', lastName: 'Rao' }],
      }),
    );

    // The link's account sees all of it (so the checks below could fail).
    const bookingIds = async (c: Client) =>
      ((await c.call(getTickets, { queue: 'tickets' })).body.result.records as { bookingId: string }[]).map(
        (r) => r.bookingId,
      );
    expect(await bookingIds(partner.client)).toContain(bookingId);
    expect((await partner.client.call(getWalletBalance, {})).body.result).toMatchObject({
      legalEntityId: partner.legalEntityId,
      balance: 7500,
    });
    expect((await partner.client.call(getMyLegalEntity, {})).body.result.group).toMatchObject({ groupId });

    const { client: squatter } = await squatterLogin();
    expect(await bookingIds(squatter)).not.toContain(bookingId);
    const balance = (await squatter.call(getWalletBalance, {})).body.result;
    expect(balance.legalEntityId).not.toBe(partner.legalEntityId);
    expect(balance.balance).toBe(0);
    expect((await squatter.call(getMyWalletEntries, {})).body.result.records).toEqual([]);
    // Naming the link's account is refused, by id and by the shared address alike.
    expect((await squatter.call(getWalletBalance, { userId: partner.userId })).status).toBe(403);
    const byEmail = await squatter.call(getWalletBalance, { email: consumer.adminEmail });
    expect(byEmail.body.result?.legalEntityId).not.toBe(partner.legalEntityId);
    expect((await squatter.call(getMyLegalEntity, {})).body.result.group?.groupId ?? null).not.toBe(groupId);
  });

  it("6. Change Details on the partner account neither frees the squatter's address nor takes a new one", async () => {
    const c = await customer(supplierAdmin, partner.userId);
    const contact = uniqueEmail('partner-contact');
    const res = await supplierAdmin.call(updateDetails, {
      customerId: c.users_id,
      firstName: c.firstName,
      lastName: c.lastName,
      email: contact,
      phoneNumbers: c.phoneNumbers,
      panNumber: c.panNumber,
      gstNumber: c.gstNumber,
      companyName: c.companyName,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.email).toBe(contact);
    expect(await userIdByEmail(supplier.siteId, consumer.adminEmail)).toBe(squatterId);
    expect(await userIdByEmail(supplier.siteId, contact)).toBeNull();
    expect((await squatterLogin()).user.id).toBe(squatterId);
  });
});
