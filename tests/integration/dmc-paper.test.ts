/**
 * The paper of a vouchered quotation (docs/dmc.md "Paper: vouchers and supplier requests"): vouchering mails each
 * hotel a booking request with its own link; one hotel confirms through it with its number, which the vouchers then
 * print; a second answer is refused, a tampered link is refused, another site does not know the link, an expired one
 * says so; the other hotel declines and the staff who build quotations get a push; the customer gets the vouchers as
 * a PDF with the confirmation, and the agent finds it on their banner with the cancellation that follows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNewAccomodation } from '@tp/contracts/endpoints/dmc';
import { cancelKart, getKartById, saveKart, shareKart, voucherKart } from '@tp/contracts/endpoints/kart';
import {
  KART_PAPER_MSG,
  answerSupplierRequest,
  getKartSupplierRequests,
  getKartVouchers,
  getSharedVouchers,
  getSupplierRequest,
} from '@tp/contracts/endpoints/kart-paper';
import { createPushSubscription, dismissNews, getMyNews } from '@tp/contracts/endpoints/notifications';
import { login } from '@tp/contracts/endpoints/users';
import { AppError } from '../../functions/src/lib/errors.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { supplierRequest } from '../../functions/src/kart/supplier-requests.ts';
import { Client, mailbox, waitForMail } from '../support/api.ts';
import { startPushService } from '../support/push-service.ts';
import { newCustomer, type Customer } from './flights-helpers.ts';
import { FLIGHTDEALS, SKYWAY, freshCityId, ok, refused, staff, tag } from './dmc-helpers.ts';

let c: Client;
let agent: Customer;
let service: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  c = await staff();
  agent = await newCustomer(FLIGHTDEALS, 'travelAgent');
  service = await startPushService();
});

afterAll(async () => {
  await service?.stop();
});

const hotel = async (name: string) => {
  const email = `reservations.${tag()}@example.com`;
  const saved = await ok(c, createNewAccomodation, {
    name,
    address: '12 Sheikh Zayed Road, Dubai',
    cityId: freshCityId(),
    cityName: 'Dubai',
    phoneNumber: '+97145550100',
    email,
  });
  return { id: saved.id as string, email, name };
};

const stay = (h: { id: string; name: string }, checkinDate: string) => ({
  accomodationId: h.id,
  accomodationName: h.name,
  noOfNights: 2,
  checkinDate,
  numberOfRooms: 1,
  rooms: { double: { price: 300, count: 1 } },
  transferPrice: 80,
  bookedByCustomer: false,
  transferType: 'oneway',
  sharingBasis: 'PVT',
  pickupTransfer: { pickupLocation: 'DXB T3', dropLocation: h.name, time: '09:30' },
});

async function until<T>(find: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('waited in vain');
}

async function untilAsync<T>(find: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('waited in vain');
}

/** The supplier link's token in a booking request mail. */
const tokenIn = (text: string | undefined): string => {
  const m = /\/supplier-request\/([A-Za-z0-9_~-]+)/.exec(text ?? '');
  if (!m) throw new Error('no supplier link in the mail');
  return m[1]!;
};

describe('a vouchered quotation’s paper', () => {
  it('requests each hotel once, prints the confirmed number, refuses a second answer and a bad link, tells staff of a decline', async () => {
    const t = tag();
    const [palm, creek] = await Promise.all([hotel(`Palm Suites ${t}`), hotel(`Creek Inn ${t}`)]);
    const input = {
      customerId: agent.userId,
      kartName: `Paper trip ${t}`,
      adults: 2,
      child: 0,
      infant: 0,
      arrivalDate: '2099-05-01',
      noOfDays: 5,
      noOfNights: 4,
      currencySymbol: 'AED',
      accomodations: [stay(palm, '2099-05-01'), stay(creek, '2099-05-03')],
      passengers: [{ title: 'Mr', firstName: 'Ravi', lastName: 'Nair', paxType: 'adult' }],
    };
    const kart = await ok(c, saveKart, input);
    const link = await ok(c, shareKart, { id: kart.id });
    const visitor = new Client(FLIGHTDEALS.domain);
    // Before vouchering there are no vouchers to show.
    expect((await refused(visitor, getSharedVouchers, { slug: link.slug }, 409)).errorMessage).toBe(
      KART_PAPER_MSG.notVouchered,
    );

    // A staff browser that hears of a declined booking.
    const staffUser = new Client(FLIGHTDEALS.domain);
    await staffUser.call(login, { email: `staff@${FLIGHTDEALS.domain}`, password: 'Demo@1234' });
    const browser = service.subscribe();
    expect((await staffUser.call(createPushSubscription, { subscription: browser })).status).toBe(200);

    await ok(c, voucherKart, { id: kart.id });
    const [palmMail, creekMail] = await Promise.all([
      waitForMail(palm.email, /^Booking request /),
      waitForMail(creek.email, /^Booking request /),
    ]);
    expect(palmMail.body.text).toContain('Ravi Nair');
    const palmToken = tokenIn(palmMail.body.text);
    const creekToken = tokenIn(creekMail.body.text);
    expect(palmToken).not.toBe(creekToken);
    const before = await ok(c, getKartSupplierRequests, { id: kart.id });
    expect(before.requests.map((r: { status: string }) => r.status)).toEqual(['requested', 'requested']);

    // The supplier's page: no sign-in; another site does not know the link; a tampered secret is refused.
    const opened = await ok(visitor, getSupplierRequest, { token: palmToken });
    expect(opened).toMatchObject({ status: 'requested', supplierName: palm.name, leadGuest: 'Mr Ravi Nair' });
    expect(opened.reference).toMatch(/-H1$/);
    const skyway = new Client(SKYWAY.domain);
    expect((await refused(skyway, getSupplierRequest, { token: palmToken }, 404)).errorMessage).toBe(
      KART_PAPER_MSG.requestNotFound,
    );
    const last = palmToken.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${palmToken.slice(0, -1)}${last}`;
    const confirm = { token: tampered, decision: 'confirm', confirmationNumber: 'PS-4471' };
    expect((await refused(visitor, answerSupplierRequest, confirm, 403)).errorMessage).toBe(
      KART_PAPER_MSG.linkNotValid,
    );
    // Confirming needs a number.
    await refused(visitor, answerSupplierRequest, { ...confirm, token: palmToken, confirmationNumber: ' ' }, 400);

    // The hotel confirms with its number, once.
    const confirmed = await ok(visitor, answerSupplierRequest, { ...confirm, token: palmToken });
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmationNumber: 'PS-4471' });
    expect((await refused(visitor, answerSupplierRequest, { ...confirm, token: palmToken }, 409)).errorMessage).toBe(
      KART_PAPER_MSG.alreadyConfirmed('PS-4471'),
    );
    const decline = { token: palmToken, decision: 'decline', reason: 'Full' };
    expect((await refused(visitor, answerSupplierRequest, decline, 409)).errorMessage).toBe(
      KART_PAPER_MSG.alreadyConfirmed('PS-4471'),
    );

    // The vouchers (staff print and the shared link) carry the number; the other stay still awaits its supplier.
    const vouchers = await ok(c, getKartVouchers, { id: kart.id });
    const stays = vouchers.vouchers.filter((v: { kind: string }) => v.kind === 'hotel');
    expect(stays.map((v: { confirmationNumber: string | null }) => v.confirmationNumber)).toEqual(['PS-4471', null]);
    expect(stays[0]).toMatchObject({
      reference: `${kart.quotationId}-H1`,
      supplier: { name: palm.name, address: '12 Sheikh Zayed Road, Dubai', phone: '+97145550100' },
      date: '2099-05-01',
      endDate: '2099-05-03',
    });
    expect(vouchers.vouchers.filter((v: { kind: string }) => v.kind === 'transfer')).toHaveLength(2);
    expect(vouchers.party).toMatchObject({ leadGuest: 'Mr Ravi Nair', adults: 2 });
    expect((await ok(visitor, getSharedVouchers, { slug: link.slug })).vouchers).toEqual(vouchers.vouchers);
    expect((await skyway.call(getSharedVouchers, { slug: link.slug })).status).toBe(404);

    // An open link past its expiry says so (read in-process a fortnight and a second later).
    const site = (await siteById(asSiteId(FLIGHTDEALS.siteId)))!;
    const later = new Date(Date.parse(opened.expiresAt) + 1000);
    const expired = await supplierRequest({ site, now: later } as never, creekToken).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(AppError);
    expect((expired as AppError).message).toBe(KART_PAPER_MSG.linkExpired);

    // The other hotel declines: the staff who build quotations are pushed, the site's inbox mailed.
    await ok(visitor, answerSupplierRequest, { token: creekToken, decision: 'decline', reason: 'No rooms left' });
    const after = await ok(c, getKartSupplierRequests, { id: kart.id });
    expect(after.requests).toMatchObject([
      { status: 'confirmed', confirmationNumber: 'PS-4471' },
      { status: 'declined', reason: 'No rooms left' },
    ]);
    const push = await until(() =>
      service.pushesTo(browser.endpoint).find((p) => p.payload.title === 'Booking request declined'),
    );
    expect(push.payload.body).toContain('No rooms left');
    expect(String(push.payload.url)).toContain(`/app/staff/kart?kart=${kart.id}`);
    await waitForMail(`admin@${FLIGHTDEALS.domain}`, new RegExp(`^Declined by Creek Inn ${t}`));

    // The customer's confirmation carries the vouchers as one PDF; vouchering again mails no hotel twice.
    const confirmation = await waitForMail(agent.email.toLowerCase(), new RegExp(`^Confirmed: Paper trip ${t}`));
    expect(confirmation.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`vouchers-${kart.quotationId}.pdf`, 'application/pdf'],
    ]);
    const saved = await ok(c, getKartById, { id: kart.id });
    await ok(c, saveKart, {
      ...input,
      id: kart.id,
      version: saved.version,
      isVouchered: true,
      remark: 'Late check-out',
      // The same lines, their ids kept (as the builder sends them): a line sent without its id is a new line,
      // with a booking request of its own.
      accomodations: input.accomodations.map((l, i) => ({ ...l, id: saved.accomodations[i]!.id })),
    });
    expect((await ok(c, getKartSupplierRequests, { id: kart.id })).requests).toMatchObject([
      { status: 'confirmed', confirmationNumber: 'PS-4471' },
      { status: 'declined', reason: 'No rooms left' },
    ]);
    const palmMails = (await mailbox()).filter((m) => m.destination.to.includes(palm.email));
    expect(palmMails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Booking request /)]);

    // The agent is told: the confirmation is on their banner; a cancellation is mailed and joins it.
    await ok(c, cancelKart, { id: kart.id });
    const cancelled = await waitForMail(
      agent.email.toLowerCase(),
      new RegExp(`^Your quotation ${kart.quotationId} is cancelled`),
    );
    expect(cancelled.body.text).toContain(`Paper trip ${t}`);
    const news = await untilAsync(async () => {
      const mine = (await ok(agent.client, getMyNews, {})).news as { kind: string; id: string }[];
      return mine.length >= 2 ? mine : undefined;
    });
    expect(news.map((n) => n.kind)).toEqual(['quotationStatusChanged', 'quotationConfirmed']);
    expect(await ok(agent.client, dismissNews, { id: news[0]!.id })).toEqual({ dismissed: true });
    expect((await ok(agent.client, getMyNews, {})).news).toHaveLength(1);
  });
});
