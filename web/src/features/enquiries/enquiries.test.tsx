import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ENQUIRY_MSG,
  exportEnquiries,
  getEnquiry,
  listEnquiries,
  myEnquiries,
  submitEnquiry,
  updateEnquiryStatus,
  type TEnquiry,
} from '@tp/contracts/endpoints/enquiries';
import { EXPORTS_MSG, getExport } from '@tp/contracts/endpoints/exports';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi } from '#test/fake-api.ts';
import { exportJob, staffUser, testSite, testUser } from '#test/fixtures.ts';
import { renderApp, renderWithProviders } from '#test/render.tsx';
import { EnquiryForm } from './index.ts';

const counts = { new: 3, contacted: 1, quoted: 0, won: 2, lost: 0, all: 6 };

function enquiry(over: Partial<TEnquiry> = {}): TEnquiry {
  return {
    id: 'e'.repeat(24),
    version: 1,
    kind: 'package',
    subjectId: 'pkg-1',
    subjectTitle: 'Dubai 4N/5D',
    name: 'Asha Menon',
    email: 'asha@example.com',
    phone: '9876543210',
    phoneCode: 'in',
    travelDate: '2099-03-10',
    adults: 2,
    children: 1,
    message: 'Is the desert safari included?',
    status: 'new',
    userId: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    history: [],
    ...over,
  };
}
const row = (e: TEnquiry) => {
  const { history: _h, ...rest } = e;
  return rest;
};
const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

describe('EnquiryForm', { timeout: 30_000 }, () => {
  it('shows the contract’s messages on the fields and sends nothing while they stand', async () => {
    const api = fakeApi();
    const done = vi.fn();
    renderWithProviders(<EnquiryForm kind="visa" subjectId="uae" subjectTitle="UAE 30 days" onSubmitted={done} />, {
      api,
    });
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(screen.getAllByText(MSG.required).length).toBeGreaterThanOrEqual(3);
    expect(api.calls(submitEnquiry)).toHaveLength(0);
    expect(done).not.toHaveBeenCalled();
  });

  it('sends the visitor’s enquiry with its subject, prefilled for a signed-in user, and hands back its id', async () => {
    const api = fakeApi().on(submitEnquiry, { enquiryId: 'abc123' });
    const done = vi.fn();
    renderWithProviders(
      <EnquiryForm kind="package" subjectId="pkg-1" subjectTitle="Dubai 4N/5D" onSubmitted={done} />,
      { api, user: testUser() },
    );
    const user = setup();
    expect((screen.getByRole('textbox', { name: /^Your name/ }) as HTMLInputElement).value).toBe('Asha Rao');
    await user.type(screen.getByRole('textbox', { name: /^Adults/ }), '2');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Price for two?');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith('abc123'));
    expect(api.calls(submitEnquiry)[0]!.input).toMatchObject({
      kind: 'package',
      subjectId: 'pkg-1',
      subjectTitle: 'Dubai 4N/5D',
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      phoneCode: 'in',
      adults: 2,
      message: 'Price for two?',
    });
    expect(await screen.findByText(ENQUIRY_MSG.submitted)).toBeTruthy();
  });

  it('puts the server’s field error on its field', async () => {
    const api = fakeApi().on(
      submitEnquiry,
      failure(400, ENQUIRY_MSG.pastTravelDate, { shortError: { message: 'Too short for us' } }),
    );
    renderWithProviders(<EnquiryForm kind="general" subjectTitle="General enquiry" onSubmitted={() => {}} />, {
      api,
      user: testUser(),
    });
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Too short for us')).toBeTruthy();
  });
});

describe('/crm', { timeout: 30_000 }, () => {
  it('is the staff inbox: tabs with counts, filters sent to the list, the drawer and a status change', async () => {
    const e = enquiry();
    const api = fakeApi()
      .on(listEnquiries, { records: [row(e)], nextCursor: null, counts })
      .on(getEnquiry, e)
      .on(updateEnquiryStatus, (input) =>
        enquiry({
          status: input.status,
          version: 2,
          history: [{ at: '2026-11-23T11:00:00.000Z', from: 'new', to: input.status, note: input.note, by: 'Sam' }],
        }),
      );
    renderApp('/crm', { user: staffUser(), api });
    const user = setup();
    expect(await screen.findByRole('heading', { name: 'CRM: enquiries' })).toBeTruthy();
    // The counts come with the list's answer, which may arrive after the heading.
    expect(await screen.findByRole('tab', { name: /New\s*3/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /All\s*6/ })).toBeTruthy();
    await screen.findAllByText('Asha Menon');
    expect(api.calls(listEnquiries).at(-1)!.input).toMatchObject({ status: 'new' });

    await user.click(screen.getByRole('tab', { name: /Won/ }));
    await waitFor(() => expect(api.calls(listEnquiries).at(-1)!.input).toMatchObject({ status: 'won' }));

    await user.click((await screen.findAllByRole('button', { name: 'Open the enquiry of Asha Menon' }))[0]!);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Is the desert safari included?')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Update status' }));
    expect(await within(drawer).findByText(MSG.required)).toBeTruthy();
    expect(api.calls(updateEnquiryStatus)).toHaveLength(0);
    await user.type(within(drawer).getByRole('textbox', { name: /^Note/ }), 'Called, sending a quote');
    await user.click(within(drawer).getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(api.calls(updateEnquiryStatus)).toHaveLength(1));
    expect(api.calls(updateEnquiryStatus)[0]!.input).toEqual({
      id: e.id,
      version: 1,
      status: 'contacted',
      note: 'Called, sending a quote',
    });
  });

  it('downloads the filtered list as Excel', async () => {
    const api = fakeApi()
      .on(listEnquiries, { records: [], nextCursor: null, counts })
      .on(exportEnquiries, exportJob({ kind: 'enquiries', fileName: 'enquiries.xlsx' }))
      .on(getExport, exportJob({ kind: 'enquiries', fileName: 'enquiries.xlsx', status: 'failed' }));
    renderApp('/crm', { user: staffUser(), api });
    const user = setup();
    expect(await screen.findByText(MSG.noResults)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(api.calls(exportEnquiries)).toHaveLength(1));
    expect(api.calls(exportEnquiries)[0]!.input).toEqual({ status: 'new' });
    // A failed export says so in a toast.
    expect(await screen.findByText(EXPORTS_MSG.failed)).toBeTruthy();
  });

  it('shows a customer the enquiries they sent, never "not available"', async () => {
    const api = fakeApi().on(myEnquiries, {
      records: [
        {
          id: 'e1',
          kind: 'visa',
          subjectTitle: 'UAE 30 days',
          travelDate: null,
          status: 'quoted',
          createdAt: '2026-11-23T10:00:00.000Z',
          updatedAt: '2026-11-23T10:00:00.000Z',
        },
      ],
      nextCursor: null,
    });
    renderApp('/crm', { user: testUser(), api, site: testSite({ modules: ['flights', 'VisaEnquiry'] }) });
    expect(await screen.findByRole('heading', { name: 'My enquiries' })).toBeTruthy();
    expect((await screen.findAllByText('UAE 30 days')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Quoted').length).toBeGreaterThan(0);
    expect(screen.queryByText(/not available/i)).toBeNull();
  });
});
