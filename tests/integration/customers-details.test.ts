/**
 * Customers made and changed by staff through the gateway: agent quick create (messages, field errors,
 * the set-password mail), the DMC pending customer, Change Details, and the user's own data (legal
 * entity, billing details) and the email-subscriber list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAgent,
  createDetailPendingCustomerForDmc,
  CUSTOMER_MSG,
  getEmailSubscribers,
  getMyLegalEntity,
  searchWlUser,
  type TCustomer,
  updateBillingDetails,
  updateDetails,
} from '@tp/contracts/endpoints/customers';
import { generatePassword, login, signup } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { Client, waitForMail } from '../support/api.ts';
import { customer, demo, FLIGHTDEALS, newStaff } from './customers-helpers.ts';
import {
  agentSignup,
  linkToken,
  PASSWORD,
  retailSignup,
  signedUpRetail,
  uniqueEmail,
  uniquePhone,
  useStackTable,
} from './users-helpers.ts';

let admin: Client;
let staff: Client;

beforeAll(async () => {
  useStackTable();
  [admin, staff] = await Promise.all([demo(FLIGHTDEALS, 'admin'), demo(FLIGHTDEALS, 'staff')]);
});

const agentData = (customerFields: Record<string, unknown>, userType = 'travelAgent') => ({
  userData: {
    userType,
    customer: { firstName: 'Quick', lastName: 'Agent', companyName: 'Quick Trips', phoneCode: 'in', ...customerFields },
  },
});

describe('agent quick create', () => {
  it('needs a phone or an email', async () => {
    const res = await staff.call(createAgent, agentData({ phoneCode: '' }));
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe(MSG.phoneOrEmailRequired);
    expect(res.body.shortError).toMatchObject({
      'userData.customer.email': MSG.phoneOrEmailRequired,
      'userData.customer.phone': MSG.phoneOrEmailRequired,
    });
  });

  it('asks for the number when the phone input holds only its country code', async () => {
    const res = await staff.call(createAgent, agentData({ phone: '+91' }));
    expect(res.status).toBe(400);
    expect(res.body.shortError).toEqual({ 'userData.customer.phone': MSG.phoneRequired });
  });

  it('refuses an invalid number', async () => {
    const res = await staff.call(createAgent, agentData({ phone: '12345' }));
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe(MSG.invalidPhoneNumber);
    expect(res.body.shortError).toEqual({ 'userData.customer.phone': MSG.invalidPhoneNumber });
  });

  it('needs a company for a B2B agent, not for a B2C customer', async () => {
    const b2b = await staff.call(createAgent, agentData({ email: uniqueEmail('qa'), companyName: '' }));
    expect(b2b.body.shortError).toEqual({ 'userData.customer.companyName': MSG.required });
    const b2c = await staff.call(createAgent, agentData({ email: uniqueEmail('qc'), companyName: '' }, 'retail'));
    expect(b2c.status).toBe(200);
    expect(b2c.body.result).toMatchObject({ userType: 'retail', emailSubscribed: false });
  });

  it('creates a pending agent with the spec message; the set-password mail lets them sign in', async () => {
    const email = uniqueEmail('quick');
    const phone = uniquePhone();
    const res = await staff.call(createAgent, agentData({ email, phone: `+91 ${phone}` }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(MSG.agentCreated);
    expect(res.body.result).toMatchObject({
      email,
      userType: 'travelAgent',
      status: 'pending',
      companyName: 'Quick Trips',
      phoneNumbers: [{ label: 'Primary', phoneNumber: phone, phoneCountryCode: 'in' }],
    });
    const mail = await waitForMail(email, /Set your Flight Deals password/);
    const token = linkToken(mail.body.text, 'token');
    expect(
      (
        await new Client(FLIGHTDEALS.domain).call(generatePassword, {
          token,
          password: 'Agent1234',
          confirmPassword: 'Agent1234',
        })
      ).status,
    ).toBe(200);
    expect((await new Client(FLIGHTDEALS.domain).call(login, { email, password: 'Agent1234' })).status).toBe(200);
  });

  it('creates a phone-only agent, found by their number', async () => {
    const phone = uniquePhone();
    const res = await staff.call(createAgent, agentData({ phone }));
    expect(res.status).toBe(200);
    expect(res.body.result.email).toBe('');
    const found = await staff.call(searchWlUser, { searchQuery: phone });
    expect((found.body.result as TCustomer[]).map((c) => c.id)).toContain(res.body.result.id);
  });

  it('reports a taken email or phone on the field with 409', async () => {
    const { email, phone } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const byEmail = await staff.call(createAgent, agentData({ email }));
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.shortError).toEqual({ 'userData.customer.email': MSG.emailTaken });
    const byPhone = await staff.call(createAgent, agentData({ phone }));
    expect(byPhone.status).toBe(409);
    expect(byPhone.body.shortError).toEqual({ 'userData.customer.phone': MSG.phoneTaken });
  });

  it('is refused to users who are not staff', async () => {
    const agent = await demo(FLIGHTDEALS, 'agent');
    expect((await agent.call(createAgent, agentData({ email: uniqueEmail('x') }))).status).toBe(403);
  });
});

describe('createDetailPendingCustomerForDmc', () => {
  it('creates a pending customer with no password from a name and a phone', async () => {
    const phone = uniquePhone();
    const res = await staff.call(createDetailPendingCustomerForDmc, {
      firstName: 'Meera',
      lastName: 'Iyer',
      phone,
      phoneCode: 'in',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ firstName: 'Meera', status: 'pending', userType: 'retail', email: '' });
    const none = await staff.call(createDetailPendingCustomerForDmc, { firstName: 'Meera' });
    expect(none.status).toBe(400);
    expect(none.body.errorMessage).toBe(MSG.phoneOrEmailRequired);
  });
});

describe('updateDetails (Change Details)', () => {
  const details = (c: TCustomer, overrides: Record<string, unknown> = {}) => ({
    customerId: c.users_id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phoneNumbers: c.phoneNumbers,
    panNumber: c.panNumber,
    gstNumber: c.gstNumber,
    companyName: c.companyName,
    ...overrides,
  });

  it('needs an email or a Primary phone', async () => {
    const { userId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const c = await customer(staff, userId);
    const res = await staff.call(
      updateDetails,
      details(c, {
        email: '',
        phoneNumbers: [{ label: 'Secondary', phoneNumber: uniquePhone(), phoneCountryCode: 'in' }],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe(MSG.emailOrPrimaryPhoneRequired);
  });

  it('checks every phone and requires a first name and a numeric customer id', async () => {
    const res = await staff.call(updateDetails, {
      firstName: '',
      phoneNumbers: [{ label: 'Primary', phoneNumber: '123', phoneCountryCode: 'in' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.shortError).toMatchObject({
      customerId: MSG.required,
      firstName: MSG.required,
      'phoneNumbers.0.phoneNumber': MSG.invalidPhone,
    });
  });

  it('needs a company name for a travel agent (the stored type decides, whatever the form says)', async () => {
    const body = agentSignup();
    const signed = await new Client(FLIGHTDEALS.domain).call(signup, body);
    const c = await customer(staff, signed.body.result.userId);
    const res = await staff.call(updateDetails, details(c, { companyName: '', userType: 'retail' }));
    expect(res.status).toBe(400);
    expect(res.body.shortError).toEqual({ companyName: MSG.required });
  });

  it('changes names, email, phones and tax ids; the old email frees up, search follows, login uses the new email', async () => {
    const { userId, email: oldEmail } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const c = await customer(staff, userId);
    const email = uniqueEmail('changed');
    const phone = uniquePhone();
    const res = await staff.call(
      updateDetails,
      details(c, {
        firstName: 'Renamed',
        email: email.toUpperCase(),
        phoneNumbers: [{ label: 'Primary', phoneNumber: phone, phoneCountryCode: 'IN' }],
        panNumber: 'abcpd1234f',
        gstNumber: '',
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({
      firstName: 'Renamed',
      status: 'pending',
      email,
      panNumber: 'ABCPD1234F',
      phoneNumbers: [{ phoneNumber: phone, phoneCountryCode: 'in' }],
    });
    await waitForMail(email, /Verify your email address/);
    expect((await new Client(FLIGHTDEALS.domain).call(login, { email, password: PASSWORD })).status).toBe(200);
    expect((await new Client(FLIGHTDEALS.domain).call(login, { email: oldEmail, password: PASSWORD })).status).toBe(
      401,
    );
    const reuse = await new Client(FLIGHTDEALS.domain).call(signup, retailSignup({ email: oldEmail }));
    expect(reuse.status).toBe(200);
    const found = await staff.call(searchWlUser, { searchQuery: 'renamed' });
    expect((found.body.result as TCustomer[]).map((x) => x.id)).toContain(userId);
    const stale = await staff.call(searchWlUser, { searchQuery: oldEmail });
    expect((stale.body.result as TCustomer[]).map((x) => x.id)).not.toContain(userId);
  });

  it("refuses another user's email or primary phone with 409 on the field", async () => {
    const other = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const { userId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const c = await customer(staff, userId);
    const byEmail = await staff.call(updateDetails, details(c, { email: other.email }));
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.shortError).toEqual({ email: MSG.emailTaken });
    const byPhone = await staff.call(
      updateDetails,
      details(c, { phoneNumbers: [{ label: 'Primary', phoneNumber: other.phone, phoneCountryCode: 'in' }] }),
    );
    expect(byPhone.status).toBe(409);
    expect(byPhone.body.shortError).toEqual({ 'phoneNumbers.0.phoneNumber': MSG.phoneTaken });
  });

  it('lets only a super admin change a staff account', async () => {
    const colleague = await newStaff(FLIGHTDEALS);
    const c = await customer(admin, colleague.userId);
    const res = await staff.call(updateDetails, details(c, { email: uniqueEmail('takeover') }));
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(CUSTOMER_MSG.staffDetailsSuperAdminOnly);
    expect((await admin.call(updateDetails, details(c, { lastName: 'Promoted' }))).status).toBe(200);
  });
});

describe("the user's own data", () => {
  it('getMyLegalEntity answers the legal entity with its group (the default until one is mapped) and TDS config', async () => {
    const traveller = new Client(FLIGHTDEALS.domain);
    const { email } = await signedUpRetail(traveller);
    await traveller.call(login, { email, password: PASSWORD });
    const res = await traveller.call(getMyLegalEntity, {});
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      name: 'Test Traveller',
      kind: 'individual',
      group: { groupName: 'Default', isDefault: true, isMapped: false },
      tds: { isTdsDeductable: false },
    });
    expect((await new Client(FLIGHTDEALS.domain).call(getMyLegalEntity, {})).status).toBe(401);
  });

  it('updateBillingDetails checks GSTIN and PAN and stores them on the user', async () => {
    const traveller = new Client(FLIGHTDEALS.domain);
    const { email } = await signedUpRetail(traveller);
    await traveller.call(login, { email, password: PASSWORD });
    const bad = await traveller.call(updateBillingDetails, {
      billingName: 'Acme',
      gstNumber: '27ABCDE1234F1Z4',
      gstState: 'Maharashtra',
      panNumber: 'ABC',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.shortError).toMatchObject({
      gstNumber: CUSTOMER_MSG.invalidGstin,
      panNumber: CUSTOMER_MSG.invalidPan,
    });
    const billing = {
      billingName: 'Acme Travels',
      gstNumber: '27aapfu0939f1zv',
      gstState: 'Maharashtra',
      panNumber: 'AAPFU0939F',
    };
    const res = await traveller.call(updateBillingDetails, billing);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.billing).toEqual({ ...billing, gstNumber: '27AAPFU0939F1ZV' });
  });

  it('lists people who signed up as email subscribers, not staff-created customers', async () => {
    const { userId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const made = await staff.call(createAgent, agentData({ email: uniqueEmail('nosub') }, 'retail'));
    const res = await staff.call(getEmailSubscribers, { page: 1 });
    expect(res.status).toBe(200);
    const ids = (res.body.result.records as { id: string }[]).map((r) => r.id);
    expect(ids[0]).toBe(userId);
    expect(ids).not.toContain(made.body.result.id);
    expect(typeof res.body.result.hasMore).toBe('boolean');
  });
});
