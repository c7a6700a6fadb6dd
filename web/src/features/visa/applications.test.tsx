import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  VISA_APP_MSG,
  getVisaApplication,
  payVisaApplication,
  setVisaStatus,
  uploadVisaDocument,
  visaQueue,
  type TVisaApplication,
} from '@tp/contracts/endpoints/visa-applications';
import * as MSG from '@tp/contracts/messages';
import { verifyPayment } from '@tp/contracts/endpoints/wallet';
import { staffUser, testUser } from '#test/fixtures.ts';
import { fakeApi } from '#test/fake-api.ts';
import { renderApp } from '#test/render.tsx';

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const AT = '2026-11-20T06:30:00.000Z';

const application = (over: Partial<TVisaApplication> = {}): TVisaApplication => ({
  id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  reference: 'VAA1B2C3D4',
  status: 'draft',
  version: 3,
  userId: 'u1',
  userName: 'Asha Verma',
  countryId: 'uae',
  countryName: 'United Arab Emirates',
  categoryId: 'visa-uae-tourist-30',
  visaCategory: 'Tourist visa – 30 days',
  nationality: 'IN',
  nationalityName: 'India',
  travelFrom: '2026-12-20',
  travelTo: '2026-12-30',
  travellers: [
    {
      firstName: 'Asha',
      lastName: 'Verma',
      passportNumber: 'Z1234567',
      passportExpiry: '2030-01-01',
      dateOfBirth: '1990-04-12',
    },
  ],
  requiredDocuments: ['Passport', 'Photo'],
  documents: [
    {
      documentId: 'd1',
      traveller: 0,
      document: 'Passport',
      fileName: 'passport.pdf',
      contentType: 'application/pdf',
      bytes: 100,
      uploadedAt: AT,
      requested: false,
      requestNote: '',
    },
  ],
  visas: [],
  missing: [{ traveller: 0, document: 'Photo' }],
  fee: { feePerTraveller: 6500, travellers: 1, net: 6500, markup: 650, total: 7150, currency: 'INR' },
  paidAmount: 0,
  paidAt: null,
  refundedAmount: 0,
  embassyReference: '',
  decisionNote: '',
  decidedAt: null,
  documentsDeletedAt: null,
  invoiceId: null,
  createdAt: AT,
  updatedAt: AT,
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe('Visa application (applicant)', { timeout: 60_000 }, () => {
  it('uploads the missing photo, then pays the fee from the wallet', async () => {
    const u = user();
    const complete = application({ version: 4, missing: [] });
    const api = fakeApi()
      .on(getVisaApplication, application())
      .on(uploadVisaDocument, complete)
      .on(payVisaApplication, { ...complete, status: 'submitted', paidAmount: 7150, paidAt: AT });
    renderApp('/visa-applications/a1b2c3d4e5f6a1b2c3d4e5f6', { user: testUser(), api });
    const pay = (await screen.findByRole('button', { name: 'Pay ₹7,150.00 from wallet' })) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(screen.getByText('Upload the 1 missing document to pay.')).toBeTruthy();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' });
    // The hidden file input beside the Photo's Upload button.
    const input = screen.getByRole('button', { name: 'Upload Photo of Asha Verma' })
      .previousElementSibling as HTMLInputElement;
    await u.upload(input, file);
    await waitFor(() => expect(api.calls(uploadVisaDocument)).toHaveLength(1));
    expect(api.calls(uploadVisaDocument)[0]!.input).toMatchObject({
      applicationId: 'a1b2c3d4e5f6a1b2c3d4e5f6',
      version: 3,
      traveller: 0,
      document: 'Photo',
      file: { fileName: 'photo.png', dataBase64: 'iVBORw==' },
    });
    await waitFor(() => expect(pay.disabled).toBe(false));
    await u.click(pay);
    await waitFor(() => expect(api.calls(payVisaApplication)).toHaveLength(1));
    expect(await screen.findByText('Submitted')).toBeTruthy();
  });

  it('pays the fee online: to the gateway, and back with the payment checked', async () => {
    const ready = application({ version: 4, missing: [] });
    const api = fakeApi()
      .on(getVisaApplication, ready)
      .on(payVisaApplication, { ...ready, redirectTo: '/app/sandbox-gateway/P9' });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    try {
      renderApp('/visa-applications/a1b2c3d4e5f6a1b2c3d4e5f6', { user: testUser(), api });
      await user().click(await screen.findByRole('button', { name: 'Pay ₹7,150.00 online' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/sandbox-gateway/P9'));
      expect(api.calls(payVisaApplication)[0]!.input).toMatchObject({ method: 'gateway' });
    } finally {
      assign.mockRestore();
    }
  });

  it('checks the payment the applicant comes back with', async () => {
    const paid = application({
      version: 5,
      missing: [],
      status: 'submitted',
      paidAmount: 7150,
      paidAt: AT,
      paidBy: 'gateway',
    });
    const api = fakeApi()
      .on(getVisaApplication, paid)
      .on(verifyPayment, { orderId: 'P9', status: 'success', purpose: 'visaFee', amount: 7150, currency: 'INR' });
    renderApp('/visa-applications/a1b2c3d4e5f6a1b2c3d4e5f6?payment=P9', { user: testUser(), api });
    expect(await screen.findByText(VISA_APP_MSG.paymentReceived)).toBeTruthy();
    expect(api.calls(verifyPayment)[0]!.input).toEqual({ orderId: 'P9' });
    expect(screen.queryByRole('button', { name: /online$/ })).toBeNull();
  });

  it('shows what staff asked for again', async () => {
    const requested = application({
      status: 'documentsRequested',
      decisionNote: 'The photo is blurred',
      documents: [
        {
          documentId: 'd2',
          traveller: 0,
          document: 'Photo',
          fileName: 'photo.png',
          contentType: 'image/png',
          bytes: 10,
          uploadedAt: AT,
          requested: true,
          requestNote: 'The photo is blurred',
        },
      ],
    });
    renderApp('/visa-applications/a1b2c3d4e5f6a1b2c3d4e5f6', {
      user: testUser(),
      api: fakeApi().on(getVisaApplication, requested),
    });
    expect(await screen.findByText('Requested again: The photo is blurred')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace Photo of Asha Verma' })).toBeTruthy();
  });
});

describe('Visa Applications (staff)', { timeout: 60_000 }, () => {
  it('shows the status tabs with their counts and lodges a submitted application', async () => {
    const u = user();
    const submitted = application({ status: 'submitted', missing: [], paidAmount: 7150, paidAt: AT });
    const api = fakeApi()
      .on(visaQueue, {
        records: [submitted],
        statuses: [
          { status: 'draft', count: 4 },
          { status: 'submitted', count: 1 },
          { status: 'documentsRequested', count: 0 },
          { status: 'lodged', count: 2 },
          { status: 'approved', count: 9 },
          { status: 'rejected', count: 1 },
          { status: 'cancelled', count: 0 },
        ],
        nextCursor: null,
        terms: {
          markupType: 'percentage',
          markupValue: 10,
          refundPercentOnRejection: 0,
          refundPercentOnCancellation: 100,
          documentRetentionDays: 30,
        },
      })
      .on(getVisaApplication, submitted)
      .on(setVisaStatus, { ...submitted, status: 'lodged', embassyReference: 'EMB-1' });
    renderApp('/staff/visa-applications', { user: staffUser(), api });
    expect(await screen.findByRole('tab', { name: /Lodged/ })).toBeTruthy();
    expect(await screen.findByLabelText('9 applications')).toBeTruthy();
    await u.click(await screen.findByRole('button', { name: 'Open application VAA1B2C3D4' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText(/Passport Z1234567/)).toBeTruthy();
    await u.type(drawer.getByRole('textbox', { name: /Embassy reference/ }), 'EMB-1');
    await u.click(drawer.getByRole('button', { name: 'Record as lodged' }));
    await waitFor(() => expect(api.calls(setVisaStatus)).toHaveLength(1));
    expect(api.calls(setVisaStatus)[0]!.input).toEqual({
      applicationId: 'a1b2c3d4e5f6a1b2c3d4e5f6',
      version: 3,
      status: 'lodged',
      embassyReference: 'EMB-1',
    });
  });

  it('tells staff without visa.applications that they may not', async () => {
    renderApp('/staff/visa-applications', { user: staffUser(), permissions: ['dmc.masters'], api: fakeApi() });
    expect(await screen.findByText(MSG.forbidden)).toBeTruthy();
  });
});
