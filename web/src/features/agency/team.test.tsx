import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  deactivateMember,
  getMembers,
  inviteMember,
  reactivateMember,
  type TMember,
} from '@tp/contracts/endpoints/agency';
import { fakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const member = (over: Partial<TMember> = {}): TMember => ({
  userId: 'u-2',
  email: 'booker@verma.example',
  firstName: 'Ravi',
  lastName: 'Kumar',
  role: 'booker',
  status: 'active',
  createdAt: '2026-11-20T05:00:00.000Z',
  ...over,
});
const admin = member({
  userId: 'user-1',
  email: 'asha@example.com',
  firstName: 'Asha',
  lastName: 'Rao',
  role: 'admin',
});
const agent = testUser({ userType: 'travelAgent' });

describe('My team', { timeout: 20_000 }, () => {
  it('lists the members with their role and status, the admin without actions', async () => {
    const api = fakeApi().on(getMembers, {
      records: [
        admin,
        member(),
        member({ userId: 'u-3', email: 'new@verma.example', firstName: 'Nia', status: 'invited' }),
      ],
      nextCursor: null,
    });
    renderApp('/my-team', { user: agent, api });
    const table = await screen.findByRole('table', { name: 'Team members' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Account admin')).toBeTruthy();
    expect(within(rows[2]!).getByText('Active')).toBeTruthy();
    expect(within(rows[3]!).getByText('Invited')).toBeTruthy();
    expect(within(rows[3]!).getByRole('button', { name: 'Resend invitation Nia Kumar' })).toBeTruthy();
  });

  it('invites a booker by mail and refreshes the list', async () => {
    const api = fakeApi()
      .on(getMembers, { records: [admin], nextCursor: null })
      .on(inviteMember, member({ status: 'invited' }));
    renderApp('/my-team', { user: agent, api });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    // An agency has one role to give: no role picker.
    expect(within(form).queryByRole('combobox', { name: 'Role' })).toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'booker@verma.example' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Full name' }), { target: { value: 'Ravi Kumar' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.calls(inviteMember)).toHaveLength(1));
    expect(api.calls(inviteMember)[0]?.input).toEqual({
      email: 'booker@verma.example',
      name: 'Ravi Kumar',
      role: 'booker',
    });
    await waitFor(() => expect(api.calls(getMembers).length).toBeGreaterThan(1));
  });

  it('refuses a bad address on its field without calling', async () => {
    const api = fakeApi().on(getMembers, { records: [admin], nextCursor: null });
    renderApp('/my-team', { user: agent, api });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email' }), { target: { value: 'not-an-address' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Full name' }), { target: { value: 'Ravi Kumar' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Please enter a valid email')).toBeTruthy();
    expect(api.calls(inviteMember)).toHaveLength(0);
  });

  it('deactivates a member after asking, and reactivates one', async () => {
    const api = fakeApi()
      .on(getMembers, {
        records: [admin, member(), member({ userId: 'u-4', firstName: 'Old', status: 'deactivated' })],
        nextCursor: null,
      })
      .on(deactivateMember, member({ status: 'deactivated' }))
      .on(reactivateMember, member({ userId: 'u-4', firstName: 'Old' }));
    renderApp('/my-team', { user: agent, api });
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ravi Kumar?' });
    expect(api.calls(deactivateMember)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.calls(deactivateMember)[0]?.input).toEqual({ userId: 'u-2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate Old Kumar' }));
    await waitFor(() => expect(api.calls(reactivateMember)[0]?.input).toEqual({ userId: 'u-4' }));
  });

  it('a company admin picks the role: traveller or approver', async () => {
    const api = fakeApi().on(getMembers, { records: [admin], nextCursor: null });
    renderApp('/my-team', { user: testUser({ userType: 'corporate' }), api });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    expect(within(form).getByRole('combobox', { name: 'Role' })).toBeTruthy();
  });

  it('is not for a booker: the route answers forbidden', async () => {
    const api = fakeApi().on(getMembers);
    renderApp('/my-team', { user: testUser({ userType: 'travelAgent', accountRole: 'booker' }), api });
    await waitFor(() => expect(api.calls(getMembers)).toHaveLength(0));
    expect(await screen.findByRole('heading', { name: /Access denied/ })).toBeTruthy();
  });
});
