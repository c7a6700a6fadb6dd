import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMyLegalEntity } from '@tp/contracts/endpoints/customers';
import { changeMyPhoneDetails } from '@tp/contracts/endpoints/users';
import type { ResponseOf } from '@tp/contracts/endpoint';
import * as MSG from '@tp/contracts/messages';
import type { TUser } from '@tp/contracts/endpoints/users';
import { failure, fakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { userStore } from '#lib/state.ts';

type LegalEntity = ResponseOf<typeof getMyLegalEntity>;

const legalEntity = (more: Partial<LegalEntity> = {}): LegalEntity => ({
  legalEntityId: 'le-1',
  name: 'Mehta Tours & Travels',
  kind: 'company',
  group: { groupId: 'g-1', groupName: 'Gold Agents', isDefault: true, isMapped: false },
  tds: { isTdsDeductable: true },
  ...more,
});

const agent = (more: Partial<TUser> = {}) =>
  testUser({
    userType: 'travelAgent',
    status: 'pending',
    companyName: 'Mehta Tours & Travels',
    company: { companyName: 'Mehta Tours & Travels', address1: '12 MG Road', address2: 'Pune' },
    ...more,
  });

const user = () => userEvent.setup({ delay: null });

describe('/user/dashboard (My Profile)', { timeout: 30_000 }, () => {
  it("shows the user's account, company, phones and legal entity with its customer group", async () => {
    const api = fakeApi().on(getMyLegalEntity, legalEntity());
    renderApp('/user/dashboard', { user: agent(), api });
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeTruthy();
    expect(screen.getByText('asha@example.com')).toBeTruthy();
    expect(screen.getByText('Not Verified')).toBeTruthy();
    expect(screen.getAllByText('Travel Agent').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('region', { name: 'Company' })).getByText('12 MG Road, Pune')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Phone numbers' })).getByText('+91 9876543210')).toBeTruthy();
    const le = screen.getByRole('region', { name: 'Legal entity' });
    expect(await within(le).findByText('Gold Agents')).toBeTruthy();
    expect(within(le).getByText('Default')).toBeTruthy();
    expect(within(le).getByText('Deducted')).toBeTruthy();
    const links = screen.getByRole('navigation', { name: 'Quick links' });
    expect(
      within(links)
        .getByRole('link', { name: /Referral/ })
        .getAttribute('href'),
    ).toBe('/user/dashboard/referral');
    expect(
      within(links)
        .getByRole('link', { name: /Billing/ })
        .getAttribute('href'),
    ).toBe('/user/billing-details');
    expect(within(links).getByRole('link', { name: /Tickets/ })).toBeTruthy();
    expect(within(links).getByRole('link', { name: /Wallet/ })).toBeTruthy();
  });

  it('shows a verified retail user with the default group text and no company', async () => {
    const api = fakeApi().on(getMyLegalEntity, legalEntity({ kind: 'individual', group: null }));
    renderApp('/user/dashboard/userProfile', { user: testUser(), api });
    expect(await screen.findByRole('heading', { name: 'User profile' })).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(await screen.findByText(MSG.defaultGroupApplicable)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Company' })).toBeNull();
    expect(screen.queryByText('TDS on commission')).toBeNull();
  });

  it('opens the existing Change Password dialog', async () => {
    const u = user();
    renderApp('/user/dashboard', { user: testUser(), api: fakeApi().on(getMyLegalEntity, legalEntity()) });
    await u.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('dialog', { name: 'Change Password' })).toBeTruthy();
  });
});

describe('phone numbers on the profile', { timeout: 30_000 }, () => {
  it('adds a labelled number, saves all numbers and confirms', async () => {
    const u = user();
    const api = fakeApi()
      .on(getMyLegalEntity, legalEntity())
      .on(changeMyPhoneDetails, ({ phoneNumbers }) => testUser({ phoneNumbers }));
    renderApp('/user/dashboard', { user: testUser(), api });
    await u.click(await screen.findByRole('button', { name: 'Edit phone numbers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phone numbers' });
    await u.click(within(dialog).getByRole('button', { name: 'Add Secondary phone' }));
    await u.type(within(dialog).getByRole('textbox', { name: 'Secondary phone' }), '9810000099');
    await u.click(within(dialog).getByRole('button', { name: 'Save phone numbers' }));
    expect(await screen.findByText(MSG.phoneUpdated)).toBeTruthy();
    expect(api.calls(changeMyPhoneDetails)[0]?.input).toEqual({
      phoneNumbers: [
        { label: 'Primary', phoneNumber: '9876543210', phoneCountryCode: 'in' },
        { label: 'Secondary', phoneNumber: '9810000099', phoneCountryCode: 'in' },
      ],
    });
    expect(userStore.get()?.phoneNumbers).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Phone numbers' })).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Phone numbers' })).getByText('+91 9810000099')).toBeTruthy();
  });

  it('checks every number before calling, and reports a failed update', async () => {
    const u = user();
    const api = fakeApi().on(getMyLegalEntity, legalEntity()).on(changeMyPhoneDetails, failure(500, 'boom'));
    renderApp('/user/dashboard', {
      user: testUser({
        phoneNumbers: [
          { label: 'Primary', phoneNumber: '9876543210', phoneCountryCode: 'INVALID' },
          { label: 'Emergency', phoneNumber: '9810000077', phoneCountryCode: 'in' },
        ],
      }),
      api,
    });
    expect(await screen.findByText('9876543210 (no country code)')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Edit phone numbers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phone numbers' });
    const emergency = within(dialog).getByRole('textbox', { name: 'Emergency phone' });
    await u.clear(emergency);
    await u.type(emergency, '123');
    await u.click(within(dialog).getByRole('button', { name: 'Save phone numbers' }));
    expect(await within(dialog).findByText(MSG.invalidPhone)).toBeTruthy();
    expect(api.calls(changeMyPhoneDetails)).toHaveLength(0);

    await u.click(within(dialog).getByRole('button', { name: 'Remove the Emergency phone' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save phone numbers' }));
    expect(await screen.findByText(MSG.phoneUpdateFailed)).toBeTruthy();
    // An INVALID country code is offered as India, the preferred country.
    expect(api.calls(changeMyPhoneDetails)[0]?.input).toEqual({
      phoneNumbers: [{ label: 'Primary', phoneNumber: '9876543210', phoneCountryCode: 'in' }],
    });
    expect(screen.getByRole('dialog', { name: 'Phone numbers' })).toBeTruthy();
  });
});
