import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addActivityMarkUp,
  addToCart,
  getActivityCities,
  getActivityMarkUp,
  getCartData,
  getQueue,
  payCart,
  searchActivitiesByCityId,
  updateCartStatus,
  type TActivityMarkup,
  type TActivityResult,
  type TCart,
  type TQueue,
} from '@tp/contracts/endpoints/activities';
import * as MSG from '@tp/contracts/messages';
import { verifyPayment } from '@tp/contracts/endpoints/wallet';
import { CART_STATUSES, activitySearchDefaults } from '@tp/domain/activities';
import { failure, fakeApi } from '#test/fake-api.ts';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { pick } from '../dmc/test-fixtures.ts';
import { QUEUE_INTRO } from './queue.page.tsx';
import { formatMoney, isoDay } from '#shared/format.ts';
import { DISPLAY_TIME_ZONE } from '@tp/domain/format';

const agent = () => testUser({ id: 'agent-1', users_id: 'agent-1', userType: 'travelAgent' });
const today = isoDay(new Date(), DISPLAY_TIME_ZONE);
const DUBAI = { cityId: 26, cityName: 'Dubai' };

const RESULT: TActivityResult = {
  activity: {
    id: 'dmc-act-burj',
    name: 'Burj Khalifa',
    description: 'At the top, level 124',
    cityId: 26,
    cityName: 'Dubai',
    priority: 5,
    area: null,
    areaName: null,
  },
  tourOptions: [
    {
      tourOption: {
        id: 'dmc-to-burj',
        activityId: 'dmc-act-burj',
        activityName: 'Burj Khalifa',
        name: 'Level 124 non-prime',
        description: '',
        hasTimeSlots: true,
        timeSlots: ['10:00'],
        hasMeal: false,
        hasGuide: false,
        hasTicket: true,
        pickupTime: null,
        dropPickupTime: null,
      },
      price: { available: true, price: 187, currency: 'AED', reason: null },
    },
  ],
};

function cart(over: Partial<TCart> = {}): TCart {
  const d = activitySearchDefaults(today);
  return {
    id: 'c0ffee0000000000000000a1',
    version: 1,
    reference: 'A20261123-C0FFEE',
    userId: 'agent-1',
    userName: 'Asha Rao',
    status: 'draft',
    startDate: d.startDate,
    endDate: d.endDate,
    adults: 1,
    children: 0,
    remarks: '',
    items: [
      {
        itemId: 'line-1',
        activityId: 'dmc-act-burj',
        activityName: 'Burj Khalifa',
        tourOptionId: 'dmc-to-burj',
        tourOptionName: 'Level 124 non-prime',
        date: d.startDate,
        adults: 1,
        children: 0,
        price: 187,
        currency: 'AED',
      },
    ],
    totalPrice: 187,
    currency: 'AED',
    kartId: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    nextStatuses: ['submitted', 'cancelled'],
    editable: true,
    ...over,
  };
}

const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

describe('Activity search', { timeout: 60_000 }, () => {
  it('opens on the spec defaults (4 days from today, 1 adult, 0 children, 0 infants), prices, adds to the cart and submits it', async () => {
    const api = fakeApi();
    api.on(getActivityCities, [DUBAI]);
    api.on(getCartData, null);
    api.on(searchActivitiesByCityId, { records: [RESULT], nextCursor: null });
    api.on(addToCart, cart());
    api.on(updateCartStatus, cart({ status: 'submitted', editable: false, nextStatuses: ['draft', 'cancelled'] }));
    renderApp('/activities/search?cityId=26', { user: agent(), api });
    const user = setup();
    expect(await screen.findByRole('heading', { name: 'Burj Khalifa' })).toBeTruthy();
    const d = activitySearchDefaults(today);
    expect(api.calls(searchActivitiesByCityId)[0]!.input).toMatchObject({ cityId: '26', ...d });
    expect(screen.getByRole('textbox', { name: /^Adults/ })).toHaveProperty('value', '1');
    expect(
      screen.getAllByText((_, el) => el?.tagName === 'P' && el.textContent === formatMoney(187, 'AED')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('Your cart is empty. Add activities from the results.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add to cart: Burj Khalifa, Level 124 non-prime' }));
    await waitFor(() => expect(api.calls(addToCart)).toHaveLength(1));
    expect(api.calls(addToCart)[0]!.input).toMatchObject({
      startDate: d.startDate,
      endDate: d.endDate,
      adults: 1,
      children: 0,
      item: { activityId: 'dmc-act-burj', tourOptionId: 'dmc-to-burj', date: d.startDate },
    });
    const aside = await screen.findByRole('complementary', { name: 'Your cart' });
    expect(await within(aside).findByText('Burj Khalifa')).toBeTruthy();
    await user.click(within(aside).getByRole('button', { name: 'Submit cart' }));
    await waitFor(() => expect(api.calls(updateCartStatus)).toHaveLength(1));
    expect(api.calls(updateCartStatus)[0]!.input).toEqual({ cartId: cart().id, status: 'submitted' });
  });

  it("asks before changing the cart's travellers, with the effect on the price; keep or change", async () => {
    // The open draft is for 2 adults and a child; the search is on its defaults (1 adult).
    const family = cart({ adults: 2, children: 1, totalPrice: 520.3, items: [{ ...cart().items[0]!, price: 520.3 }] });
    const change = {
      current: { adults: 2, children: 1, totalPrice: 1040.6 },
      requested: { adults: 1, children: 0, totalPrice: 371.8 },
      currency: 'AED',
    };
    const api = fakeApi();
    api.on(getActivityCities, [DUBAI]);
    api.on(getCartData, family);
    api.on(searchActivitiesByCityId, { records: [RESULT], nextCursor: null });
    api.on(addToCart, (input) =>
      input.changeParty || input.adults === 2
        ? cart({ adults: Number(input.adults), children: Number(input.children ?? 0) })
        : failure(409, 'This cart is for 2 adults and 1 child.', { detail: change }),
    );
    renderApp('/activities/search?cityId=26', { user: agent(), api });
    const user = setup();
    const add = await screen.findByRole('button', { name: 'Add to cart: Burj Khalifa, Level 124 non-prime' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Change the travellers of your cart?' });
    expect(within(dialog).getByText('2 adults and 1 child')).toBeTruthy();
    expect(within(dialog).getByTestId('party-keep-total').textContent).toBe(formatMoney(1040.6, 'AED'));
    expect(within(dialog).getByTestId('party-change-total').textContent).toBe(formatMoney(371.8, 'AED'));
    expect(within(dialog).getByTestId('party-change-effect').textContent).toBe(
      `Changing to 1 adult lowers the cart total by ${formatMoney(668.8, 'AED')}.`,
    );
    // Nothing was added by the refused call; Keep adds it for the cart's own travellers.
    await user.click(within(dialog).getByRole('button', { name: 'Keep 2 adults and 1 child' }));
    await waitFor(() => expect(api.calls(addToCart)).toHaveLength(2));
    expect(api.calls(addToCart)[1]!.input).toMatchObject({ adults: 2, children: 1 });
    expect(api.calls(addToCart)[1]!.input).not.toHaveProperty('changeParty');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Again, and this time change: the same add with the change confirmed.
    await user.click(add);
    const again = await screen.findByRole('dialog', { name: 'Change the travellers of your cart?' });
    await user.click(within(again).getByRole('button', { name: 'Change to 1 adult' }));
    await waitFor(() => expect(api.calls(addToCart)).toHaveLength(4));
    expect(api.calls(addToCart)[3]!.input).toMatchObject({ adults: 1, children: 0, changeParty: true });
  });

  it('shows a whole page of activities: the first screenful together, then every other card and the pager', async () => {
    const option = RESULT.tourOptions[0]!;
    const page = Array.from({ length: 20 }, (_, i): TActivityResult => {
      const [id, name] = [`act-${i + 1}`, `Activity ${i + 1}`];
      return {
        activity: { ...RESULT.activity, id, name },
        tourOptions: [
          { ...option, tourOption: { ...option.tourOption, id: `to-${i + 1}`, activityId: id, activityName: name } },
        ],
      };
    });
    const api = fakeApi();
    api.on(getActivityCities, [DUBAI]);
    api.on(getCartData, null);
    api.on(searchActivitiesByCityId, { records: page, nextCursor: 'page-2' });
    renderApp('/activities/search?cityId=26', { user: agent(), api });
    expect(await screen.findByRole('heading', { name: 'Activity 1' })).toBeTruthy();
    // The first cards come with the first.
    for (const name of ['Activity 2', 'Activity 3']) expect(screen.getByRole('heading', { name })).toBeTruthy();
    // Then the rest, each option with its day and its cart action, and the pager under them.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    expect(screen.getByRole('combobox', { name: 'Date for Activity 20: Level 124 non-prime' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart: Activity 20, Level 124 non-prime' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Next page' })).toBeTruthy();
  });

  it("says 'Error fetching activity search' when the search fails", async () => {
    const api = fakeApi();
    api.on(getActivityCities, [DUBAI]);
    api.on(getCartData, null);
    api.on(searchActivitiesByCityId, failure(500, 'boom'));
    renderApp('/activities/search?cityId=26', { user: agent(), api });
    expect(await screen.findByText(MSG.activitySearchFailed)).toBeTruthy();
  });

  it('refuses a past date before asking the server', async () => {
    const api = fakeApi();
    api.on(getActivityCities, [DUBAI]);
    api.on(getCartData, null);
    api.on(searchActivitiesByCityId, { records: [], nextCursor: null });
    renderApp('/activities/search?cityId=26&startDate=2020-01-01&endDate=2020-01-03', { user: agent(), api });
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Dates cannot be in the past')).toBeTruthy();
    expect(api.calls(searchActivitiesByCityId)).toHaveLength(0);
  });
});

function queue(status: TCart['status'], carts: TCart[]): TQueue {
  return {
    carts,
    statuses: CART_STATUSES.map((s) => ({ status: s, count: s === status ? carts.length : s === 'confirmed' ? 3 : 0 })),
    page: 1,
    totalPages: 1,
    nextCursor: null,
  };
}

describe('Activity queue', { timeout: 60_000 }, () => {
  it('shows status tabs with counts, starts a new status at page 1, and moves a cart', async () => {
    const submitted = cart({
      status: 'submitted',
      editable: false,
      nextStatuses: ['draft', 'confirmed', 'rejected', 'cancelled'],
    });
    const api = fakeApi();
    api.on(getQueue, (input) =>
      queue(input.status as TCart['status'], input.status === 'submitted' ? [submitted] : []),
    );
    api.on(getCartData, submitted);
    api.on(updateCartStatus, failure(400, 'A submitted cart cannot be moved'));
    renderApp('/activities/queue', { user: staffUser(), api });
    const user = setup();
    expect(await screen.findByRole('tab', { name: /Confirmed\s*3/ })).toBeTruthy();
    expect(api.calls(getQueue)[0]!.input).toMatchObject({ status: 'submitted', page: 1 });
    await user.click((await screen.findAllByRole('button', { name: `Open cart ${submitted.reference}` }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MSG.cartStatusFailed)).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('tab', { name: /Confirmed/ }));
    await waitFor(() => expect(api.calls(getQueue).at(-1)!.input).toMatchObject({ status: 'confirmed', page: 1 }));
    expect(await screen.findByText('No confirmed carts.')).toBeTruthy();
  });
});

describe('Paying a cart online', { timeout: 60_000 }, () => {
  it('offers the owner of a confirmed, unpaid cart to pay it online and sends them to the gateway', async () => {
    const unpaid = cart({
      status: 'confirmed',
      editable: false,
      nextStatuses: [],
      payNow: { amount: 4250, currency: 'INR' },
    });
    const api = fakeApi()
      .on(getQueue, (input) => queue(input.status as TCart['status'], input.status === 'confirmed' ? [unpaid] : []))
      .on(getCartData, unpaid)
      .on(payCart, { paymentId: 'P1', redirectTo: '/app/sandbox-gateway/P1' });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    try {
      renderApp(`/activities/queue?status=confirmed&cart=${unpaid.id}`, { user: agent(), api });
      const user = setup();
      const dialog = await screen.findByRole('dialog');
      await user.click(await within(dialog).findByRole('button', { name: `Pay ${formatMoney(4250, 'INR')} online` }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/sandbox-gateway/P1'));
      expect(api.calls(payCart)[0]!.input).toEqual({ cartId: unpaid.id });
    } finally {
      assign.mockRestore();
    }
  });

  it('checks the payment the owner comes back with and shows the cart paid', async () => {
    const paid = cart({
      status: 'confirmed',
      editable: false,
      nextStatuses: [],
      payNow: null,
      payment: {
        method: 'gateway',
        amount: 4250,
        currency: 'INR',
        rateText: '',
        paidAt: '2026-11-23T10:05:00.000Z',
        refundedAt: null,
      },
    });
    const api = fakeApi()
      .on(getQueue, (input) => queue(input.status as TCart['status'], input.status === 'confirmed' ? [paid] : []))
      .on(getCartData, paid)
      .on(verifyPayment, { orderId: 'P1', status: 'success', purpose: 'cartPayment', amount: 4250, currency: 'INR' });
    renderApp(`/activities/queue?status=confirmed&cart=${paid.id}&payment=P1`, { user: agent(), api });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Payment received: your cart is paid')).toBeTruthy();
    expect(api.calls(verifyPayment)[0]!.input).toEqual({ orderId: 'P1' });
    expect(await within(dialog).findByText(/Paid .*4,250\.00 online/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /online$/ })).toBeNull();
  });
});

describe('Activity queue copy', { timeout: 60_000 }, () => {
  it('tells an agent what they can do with their carts, and that our team moves a confirmed one on', async () => {
    const confirmed = cart({ status: 'confirmed', editable: false, nextStatuses: [] });
    const api = fakeApi();
    api.on(getQueue, (input) =>
      queue(input.status as TCart['status'], input.status === 'confirmed' ? [confirmed] : []),
    );
    api.on(getCartData, confirmed);
    renderApp('/activities/queue?status=confirmed', { user: agent(), api });
    const user = setup();
    expect(await screen.findByText(QUEUE_INTRO.owner)).toBeTruthy();
    expect(screen.queryByText(/change its status/)).toBeNull();
    await user.click((await screen.findAllByRole('button', { name: `Open cart ${confirmed.reference}` }))[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('Our team moves this cart on from here; add a remark to ask for a change.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: 'Change status' })).toBeNull();
    // Staff tools are not offered to the agent (the server would refuse them).
    expect(within(dialog).queryByRole('button', { name: 'Make a quotation' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Assign' })).toBeNull();
  });

  it('tells queue staff the moves they make', async () => {
    const api = fakeApi();
    api.on(getQueue, (input) => queue(input.status as TCart['status'], []));
    renderApp('/activities/queue', { user: staffUser(), api });
    expect(await screen.findByText(QUEUE_INTRO.staff)).toBeTruthy();
  });
});

describe('Activity markup', { timeout: 60_000 }, () => {
  const MARKUP: TActivityMarkup = {
    id: 'mk-1',
    groupId: 'g-gold',
    groupName: 'B2B Gold',
    markupType: 'percent',
    markupValue: 10,
    isActive: true,
    updatedAt: '2026-11-23T10:00:00.000Z',
  };
  const list = {
    records: [MARKUP],
    nextCursor: null,
    groups: [
      { id: 'g-default', groupName: 'Default', isDefault: true },
      { id: 'g-gold', groupName: 'B2B Gold', isDefault: false },
    ],
  };

  it('refuses a percentage over 100, saves a fixed markup per group, and says when the active switch fails', async () => {
    const api = fakeApi();
    api.on(getActivityMarkUp, list);
    api.on(addActivityMarkUp, (input) =>
      input.isActive === false ? failure(500, 'boom') : { ...MARKUP, groupId: 'g-default', groupName: 'Default' },
    );
    renderApp('/activities/markup', { user: staffUser(), api });
    const user = setup();
    expect(await screen.findByText('10% of the price')).toBeTruthy();
    await pick(user, screen.getByRole('combobox', { name: /Customer group/ }), '', 'Default (default)');
    await user.type(screen.getByRole('textbox', { name: /Markup \(%\)/ }), '150');
    await user.click(screen.getByRole('button', { name: 'Save markup' }));
    expect(await screen.findByText('Percentage cannot be more than 100')).toBeTruthy();
    expect(api.calls(addActivityMarkUp)).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'Fixed per person' }));
    await user.clear(screen.getByRole('textbox', { name: /Markup per person/ }));
    await user.type(screen.getByRole('textbox', { name: /Markup per person/ }), '25');
    await user.click(screen.getByRole('button', { name: 'Save markup' }));
    await waitFor(() => expect(api.calls(addActivityMarkUp)).toHaveLength(1));
    expect(api.calls(addActivityMarkUp)[0]!.input).toMatchObject({
      groupId: 'g-default',
      markupType: 'fixed',
      markupValue: 25,
    });
    await user.click(screen.getByRole('switch', { name: 'Active for B2B Gold' }));
    expect(await screen.findByText(MSG.activeStatusFailed)).toBeTruthy();
  });

  it('is not offered to staff whose group leaves the permission out', async () => {
    const api = fakeApi();
    api.on(getActivityMarkUp, list);
    renderApp('/activities/markup', { user: staffUser(), api, permissions: ['activities.book'] });
    expect(await screen.findByText(MSG.forbidden)).toBeTruthy();
    expect(api.calls(getActivityMarkUp)).toHaveLength(0);
  });
});
