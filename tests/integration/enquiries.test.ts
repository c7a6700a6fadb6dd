/**
 * Enquiries and the CRM inbox through the gateway: a visitor's enquiry stored and mailed to the site's
 * staff; bad input refused with its message and nothing stored; the per-address and per-email limits; the staff
 * list (tab counts, status / kind filters, search, cursor pages), one enquiry, status changes (one way, with a
 * note, audited, a stale version refused), the Excel export of the filtered list; a signed-in visitor's own list;
 * other sites, customers and signed-out callers see nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ENQUIRIES_PER_HOUR,
  ENQUIRY_MSG,
  exportEnquiries,
  getEnquiry,
  listEnquiries,
  myEnquiries,
  submitEnquiry,
  updateEnquiryStatus,
} from '@tp/contracts/endpoints/enquiries';
import * as MSG from '@tp/contracts/messages';
import { auditTrail } from '../../functions/src/lib/audit.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { readXlsx } from '../../functions/src/lib/xlsx-read.ts';
import { Client, exported, waitForMail } from '../support/api.ts';
import { demo } from './customers-helpers.ts';
import { uniqueEmail, uniqueLoopback, uniquePhone } from './users-helpers.ts';
import { FLIGHTDEALS, SKYWAY, ok, refused, staff, tag } from './dmc-helpers.ts';

let admin: Client;
/**
 * A source address of its own per call, so the per-address limit binds only the test about it. The connection's
 * address, not a CloudFront-Viewer-Address header: without the origin secret that header counts for nothing.
 */
const fromAddress = (): string => uniqueLoopback();
const visitor = (from = fromAddress()) => Object.assign(new Client(FLIGHTDEALS.domain), { from });

const enquiry = (over: Record<string, unknown> = {}) => ({
  kind: 'package',
  subjectId: 'pkg-dubai-5d',
  subjectTitle: `Dubai 4N/5D ${tag()}`,
  name: 'Asha Menon',
  email: uniqueEmail('enquiry'),
  phone: uniquePhone(),
  phoneCode: 'in',
  travelDate: '2099-03-10',
  adults: 2,
  children: '1',
  message: 'Is the desert safari included?',
  ...over,
});

async function submit(c: Client, input: Record<string, unknown>): Promise<string> {
  c.from = fromAddress();
  const res = await c.call(submitEnquiry, input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.message).toBe(ENQUIRY_MSG.submitted);
  return res.body.result.enquiryId as string;
}

const list = (input: Record<string, unknown> = {}, c = admin) => ok(c, listEnquiries, { limit: 100, ...input });

beforeAll(async () => {
  admin = await staff();
});

describe('submitting an enquiry', () => {
  it('stores it as new, answers its id and mails the staff', async () => {
    const input = enquiry();
    const id = await submit(visitor(), input);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const got = await ok(admin, getEnquiry, { id });
    expect(got).toMatchObject({
      id,
      version: 1,
      status: 'new',
      kind: 'package',
      subjectTitle: input.subjectTitle,
      email: input.email,
      adults: 2,
      children: 1,
      travelDate: '2099-03-10',
      userId: null,
      history: [],
    });
    const mail = await waitForMail(
      FLIGHTDEALS.adminEmail,
      new RegExp(`New tour package enquiry: ${input.subjectTitle}`),
    );
    expect(mail.body.text).toContain('Asha Menon');
    expect(mail.body.text).toContain('Is the desert safari included?');
    expect(mail.body.text).toContain(`/crm?enquiry=${id}`);
  });

  it('refuses bad input with the field messages and stores nothing', async () => {
    const before = (await list()).counts.all;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email'],
      [{ phone: '12' }, 'phone', MSG.invalidPhone],
      [{ phone: '' }, 'phone', MSG.required],
      [{ name: '' }, 'name', MSG.required],
      [{ message: '   ' }, 'message', MSG.required],
      [{ kind: 'hotel' }, 'kind', MSG.invalidOption],
      [{ travelDate: '2099-13-45' }, 'travelDate', MSG.invalidDate],
      [{ travelDate: '2020-01-01' }, 'travelDate', ENQUIRY_MSG.pastTravelDate],
      [{ adults: 0 }, 'adults', ENQUIRY_MSG.adultsRequired],
      [{ children: 51 }, 'children', MSG.tooLarge(50)],
      [{ subjectId: 'bad#id' }, 'subjectId', MSG.invalidReference],
      [{ name: 'Asha\u202Eevil' }, 'name', MSG.invalidCharacters],
    ];
    for (const [over, field, message] of cases) {
      const res = await visitor().call(submitEnquiry, enquiry(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.shortError?.[field], JSON.stringify(res.body)).toBe(message);
    }
    expect((await list()).counts.all).toBe(before);
  });

  it('limits enquiries per address and per email', async () => {
    const ip = fromAddress();
    for (let i = 0; i < ENQUIRIES_PER_HOUR.address; i++)
      expect((await visitor(ip).call(submitEnquiry, enquiry())).status).toBe(200);
    const over = await visitor(ip).call(submitEnquiry, enquiry());
    expect(over.status).toBe(429);
    expect(over.body.errorMessage).toBe(ENQUIRY_MSG.tooMany);

    const email = uniqueEmail('busy');
    for (let i = 0; i < ENQUIRIES_PER_HOUR.email; i++) await submit(visitor(), enquiry({ email }));
    const again = await visitor().call(submitEnquiry, enquiry({ email }));
    expect(again.status).toBe(429);
  });

  it('keeps a signed-in visitor’s enquiries on their own list, without staff notes', async () => {
    const retail = await demo(FLIGHTDEALS, 'retail');
    const title = `Visa UAE ${tag()}`;
    const id = await submit(retail, enquiry({ kind: 'visa', subjectId: 'uae', subjectTitle: title }));
    expect((await ok(admin, getEnquiry, { id })).userId).toBeTruthy();
    await ok(admin, updateEnquiryStatus, { id, status: 'contacted', note: 'Internal: called twice', version: 1 });
    const mine = await ok(retail, myEnquiries, {});
    const row = mine.records.find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({ id, kind: 'visa', subjectTitle: title, status: 'contacted' });
    expect(JSON.stringify(mine)).not.toContain('Internal');
    // Another customer sees none of them; a signed-out caller is refused.
    const agent = await demo(FLIGHTDEALS, 'agent');
    expect(JSON.stringify(await ok(agent, myEnquiries, {}))).not.toContain(id);
    expect((await visitor().call(myEnquiries, {})).status).toBe(401);
  });
});

describe('the staff inbox', () => {
  it('lists newest first with tab counts, filters by status, kind and search, in cursor pages', async () => {
    const t = tag();
    const ids: string[] = [];
    for (const kind of ['package', 'visa', 'general', 'package'])
      ids.push(await submit(visitor(), enquiry({ kind, subjectTitle: `Inbox ${t} ${kind}` })));
    const before = (await list()).counts;

    const searched = await list({ search: `inbox ${t}` });
    expect(searched.records.map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    expect((await list({ search: t, kind: 'package' })).records).toHaveLength(2);

    await ok(admin, updateEnquiryStatus, { id: ids[0], status: 'quoted', note: 'Sent the PDF', version: 1 });
    const after = (await list()).counts;
    expect(after.new).toBe(before.new - 1);
    expect(after.quoted).toBe(before.quoted + 1);
    expect(after.all).toBe(before.all);
    const quoted = await list({ status: 'quoted', search: t });
    expect(quoted.records.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect((await list({ status: 'new', search: t })).records).toHaveLength(3);

    const page1 = await ok(admin, listEnquiries, { search: t, limit: 2 });
    expect(page1.records).toHaveLength(2);
    expect(page1.nextCursor).toBeTruthy();
    const page2 = await ok(admin, listEnquiries, { search: t, limit: 2, cursor: page1.nextCursor });
    expect([...page1.records, ...page2.records].map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    // A cursor of another list (another status partition) is refused.
    expect((await admin.call(listEnquiries, { status: 'won', cursor: page1.nextCursor })).status).toBe(400);
  });

  it('moves an enquiry one way with a note, audited; refuses a stale version and a step back', async () => {
    const id = await submit(visitor(), enquiry());
    const contacted = await ok(admin, updateEnquiryStatus, { id, status: 'contacted', note: 'Called', version: 1 });
    expect(contacted).toMatchObject({ status: 'contacted', version: 2 });
    expect(contacted.history).toEqual([
      expect.objectContaining({ from: 'new', to: 'contacted', note: 'Called', by: expect.any(String) }),
    ]);

    const stale = await refused(admin, updateEnquiryStatus, { id, status: 'quoted', note: 'x', version: 1 }, 409);
    expect(stale.errorMessage).toBe(ENQUIRY_MSG.changedMeanwhile);
    const back = await refused(admin, updateEnquiryStatus, { id, status: 'new', note: 'x', version: 2 });
    expect(back.shortError?.status).toBe(ENQUIRY_MSG.notAllowed('Contacted', 'New'));
    const noNote = await refused(admin, updateEnquiryStatus, { id, status: 'won', note: '', version: 2 });
    expect(noNote.shortError?.note).toBe(MSG.required);

    const won = await ok(admin, updateEnquiryStatus, { id, status: 'won', note: 'Paid the deposit', version: 2 });
    expect(won.history.map((h: { to: string }) => h.to)).toEqual(['contacted', 'won']);
    const final = await refused(admin, updateEnquiryStatus, { id, status: 'lost', note: 'x', version: 3 });
    expect(final.shortError?.status).toBe(ENQUIRY_MSG.notAllowed('Won', 'Lost'));

    const trail = await auditTrail(asSiteId(FLIGHTDEALS.siteId), 'enquiry', id, { limit: 10 });
    expect(trail.records.map((e) => e.after?.status)).toEqual(['won', 'contacted']);
    expect(trail.records[0]!.by.email).toBe(FLIGHTDEALS.adminEmail);

    expect((await refused(admin, getEnquiry, { id: 'a'.repeat(24) }, 404)).errorMessage).toBe(ENQUIRY_MSG.notFound);
  });

  it('exports the filtered list as .xlsx', async () => {
    const t = tag();
    const a = await submit(visitor(), enquiry({ subjectTitle: `Export ${t} A`, kind: 'visa' }));
    await submit(visitor(), enquiry({ subjectTitle: `Export ${t} B`, kind: 'general' }));
    const { job, file } = await exported(admin, exportEnquiries, { search: `export ${t}`, kind: 'visa' });
    expect(job.rowsDone).toBe(1);
    expect(job.fileName).toMatch(/^enquiries-all-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = readXlsx(file);
    expect(JSON.stringify(rows)).toContain(`Export ${t} A`);
    expect(JSON.stringify(rows)).toContain(a);
    expect(JSON.stringify(rows)).not.toContain(`Export ${t} B`);
  });

  it('shows nothing to other sites, customers or signed-out callers', async () => {
    const id = await submit(visitor(), enquiry());
    const other = await staff(SKYWAY);
    expect((await other.call(getEnquiry, { id })).status).toBe(404);
    expect(JSON.stringify(await ok(other, listEnquiries, { limit: 100 }))).not.toContain(id);
    const retail = await demo(FLIGHTDEALS, 'retail');
    for (const e of [listEnquiries, getEnquiry, exportEnquiries])
      expect((await retail.call(e, { id })).status, e.path).toBe(403);
    expect((await visitor().call(listEnquiries, {})).status).toBe(401);
    expect((await retail.call(updateEnquiryStatus, { id, status: 'won', note: 'x', version: 1 })).status).toBe(403);
    expect((await ok(admin, getEnquiry, { id })).status).toBe('new');
  });
});
