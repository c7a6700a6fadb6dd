/**
 * The activity cart and queue (docs/activities.md): a cart belongs to its user and site; its
 * lines are priced by the rate engine with the owner's group markup on every change; statuses move by the
 * domain's `cartMoveProblem`; staff turn a confirmed cart into a quotation (kart). Every write is conditional on
 * the version read, with the status counts in the same transaction.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/activities';
import {
  ACTIVITY_MSG,
  MAX_CART_ITEMS,
  QUEUE_PAGE_SIZE,
  type TCart,
  type TPartyChange,
  type TQueue,
} from '@tp/contracts/endpoints/activities';
import type { TKartInput } from '@tp/contracts/endpoints/kart';
import {
  CART_STATUSES,
  ACTIVITY_DATE_TEXT,
  CART_TEXT,
  applyActivityMarkup,
  cartEditable,
  cartMoveProblem,
  nextCartStatuses,
  partyChangeNeedsConfirming,
  partyLabel,
  tripProblems,
  type ActivityMarkupRule,
  type CartActor,
  type CartStatus,
  type Party,
} from '@tp/domain/activities';
import { formatMoney } from '@tp/domain/format';
import { auditActor, auditPut, recordChange, type AuditAction } from '#lib/audit';
import { newId } from '#lib/crypto';
import { AppError, fail, refuseIfAny } from '#lib/errors';
import { permissionsOf } from '#lib/permissions';
import { siteToday } from '#lib/time';
import { getUser, type UserRecord } from '../users/records.ts';
import {
  allExchangeRates,
  cartPaysAt,
  comboOffers,
  existingDmcRecord,
  priceForQuotation,
  tourOptionViews,
} from '../dmc/index.ts';
import { priceCombos, type ComboShare } from '@tp/domain/dmc';
import { round2 } from '@tp/domain/pricing';
import {
  cartReturnPath,
  inWalletCurrency,
  movePays,
  moveRefunds,
  payAndMove,
  payableOnline,
  paymentView,
  refundAndMove,
} from './cart-payment.ts';
import { startGatewayPayment } from '../wallet/index.ts';
import { saveKart } from '../kart/index.ts';
import { markupForLegalEntity } from './markups.ts';
import * as repo from './repo.ts';
import type { CartItemRecord, CartRecord } from './repo.ts';
import { runCartStatusHooks, type ActivitiesWiring } from './hooks.ts';
import { tellCartStatus } from './customer-news.ts';
import type { ActivityScope } from './search.ts';
import { answers, reply } from '#lib/answers';

type In<E> = ParsedRequestOf<E>;

const siteOf = (scope: ActivityScope) => scope.site.siteId;

/** An empty cart's currency (the DMC masters are priced in dirhams). */
const DEFAULT_CURRENCY = 'AED';

/** Staff who work the queue: every cart of the site, the staff moves. */
async function canManage(scope: ActivityScope): Promise<boolean> {
  const p = scope.principal;
  return p.userType === 'staff' && (await permissionsOf(p)).has('activities.manage');
}

function actorsOf(scope: ActivityScope, cart: CartRecord, manager: boolean): CartActor[] {
  return [
    ...(cart.userId === scope.principal.userId ? (['owner'] as const) : []),
    ...(manager ? (['staff'] as const) : []),
  ];
}

const nameOf = (u: Pick<UserRecord, 'firstName' | 'lastName' | 'email'>): string =>
  [u.firstName, u.lastName].filter((s) => s?.trim()).join(' ') || u.email;

export function cartView(cart: CartRecord, actors: readonly CartActor[]): TCart {
  const { items, payment: _payment, ...rest } = cart;
  const owner = actors.includes('owner') || actors.includes('staff');
  return {
    ...rest,
    // What the DMC pays and earns stays on the server.
    items: items.map(({ net: _net, markup: _markup, singleNet: _single, ...line }) => line),
    payment: cart.payment ? paymentView(cart.payment) : null,
    totalPrice: Math.round(items.reduce((sum, l) => sum + l.price * 100, 0)) / 100,
    currency: items[0]?.currency ?? DEFAULT_CURRENCY,
    nextStatuses: nextCartStatuses(cart.status, actors),
    editable: owner && cartEditable(cart.status),
  };
}

/** A cart the caller may see: its own, or any of the site for queue staff. Others' carts do not exist for them. */
async function visibleCart(scope: ActivityScope, cartId: string) {
  const cart = await repo.getCart(siteOf(scope), cartId);
  const manager = await canManage(scope);
  if (!cart || (cart.userId !== scope.principal.userId && !manager)) throw fail.notFound();
  return { cart, manager, actors: actorsOf(scope, cart, manager) };
}

async function editableCart(scope: ActivityScope, cartId: string) {
  const found = await visibleCart(scope, cartId);
  if (!cartEditable(found.cart.status)) throw fail.validation(CART_TEXT.notDraft, { cartId: CART_TEXT.notDraft });
  return found;
}

/** The owner's group markup (a cart is always priced for its owner, whoever edits it). */
async function ownerMarkup(scope: ActivityScope, userId: string): Promise<ActivityMarkupRule | null> {
  const legalEntityId =
    userId === scope.principal.userId
      ? scope.principal.legalEntityId
      : ((await getUser(siteOf(scope), userId))?.legalEntityId ?? '');
  return markupForLegalEntity(scope.site, legalEntityId);
}

/** One line priced for the party on its date; a tour option that cannot be sold then is refused with the reason. */
async function priceLine(
  scope: ActivityScope,
  rule: ActivityMarkupRule | null,
  line: { itemId?: string; activityId: string; tourOptionId: string; date: string },
  party: { adults: number; children: number },
  field: string,
): Promise<CartItemRecord> {
  const refuse = (message: string) => fail.validation(message, { [field]: message });
  try {
    const option = await existingDmcRecord(scope, 'tourOption', line.tourOptionId);
    if (!option || option.activityId !== line.activityId) throw refuse(ACTIVITY_MSG.notPriced);
    const [view] = await tourOptionViews(scope, [option]);
    const engine = await priceForQuotation(scope, {
      tourOptionId: line.tourOptionId,
      date: line.date,
      ...party,
      transferType: null,
      sharingBasis: null,
    } as never);
    if (!engine.available) throw refuse(engine.reason.message || ACTIVITY_MSG.notPriced);
    const priced = applyActivityMarkup(engine.price, party, rule);
    return {
      itemId: line.itemId ?? newId(),
      activityId: line.activityId,
      activityName: view?.activityName ?? '',
      tourOptionId: line.tourOptionId,
      tourOptionName: option.name,
      date: line.date,
      ...party,
      ...priced,
      currency: engine.currency,
    };
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw refuse(ACTIVITY_MSG.unknownOption);
    throw err;
  }
}

function checkLineDates(
  lines: { date: string }[],
  trip: { startDate: string; endDate: string },
  field: (i: number) => string,
) {
  const errors: Record<string, string> = {};
  lines.forEach((l, i) => {
    if (l.date < trip.startDate || l.date > trip.endDate) errors[field(i)] = ACTIVITY_DATE_TEXT.outside;
  });
  refuseIfAny(errors);
}

async function commit(
  scope: ActivityScope,
  before: CartRecord | null,
  after: CartRecord,
  audit?: AuditAction,
): Promise<CartRecord> {
  const entry = audit && before ? auditEntry(scope, before, after, audit) : undefined;
  if (!(await repo.saveCart(siteOf(scope), before, after, entry))) throw fail.conflict(ACTIVITY_MSG.changedMeanwhile);
  return after;
}

/** Staff-driven steps (a status move, a hand-over) are audited with the cart as it was and as it is. */
const auditEntry = (scope: ActivityScope, before: CartRecord, after: CartRecord, action: AuditAction) =>
  auditPut(
    siteOf(scope),
    recordChange('activityCart', after.id, cartAudit(before), cartAudit(after), action),
    auditActor(scope.principal),
    scope.now,
  );

/** What the log keeps of a cart: who it is for, its state and total, not every priced line. */
const cartAudit = (c: CartRecord) => ({
  reference: c.reference,
  status: c.status,
  userId: c.userId,
  userName: c.userName,
  items: c.items.length,
  ...(c.payment ? { paid: `${c.payment.currency} ${c.payment.amount}`, refunded: !!c.payment.refundedAt } : {}),
});

const bump = (scope: ActivityScope, cart: CartRecord, change: Partial<CartRecord>): CartRecord => ({
  ...cart,
  ...change,
  version: cart.version + 1,
  updatedAt: scope.now.toISOString(),
});

/** People read a cart's reference out on the phone: `A` + the creation day + the id's first characters. */
const referenceOf = (id: string, today: string) => `A${today.replaceAll('-', '')}-${id.slice(0, 6).toUpperCase()}`;

/** The caller's newest draft, if any. */
async function openDraft(scope: ActivityScope): Promise<CartRecord | null> {
  const page = await repo.cartsOfStatus(siteOf(scope), scope.principal.userId, 'draft', { limit: 1 });
  return page.records[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Operations

export async function getCart(scope: ActivityScope, cartId: string | undefined): Promise<TCart | null> {
  if (!cartId) {
    const draft = await openDraft(scope);
    return draft ? presented(scope, draft, actorsOf(scope, draft, await canManage(scope))) : null;
  }
  const { cart, actors } = await visibleCart(scope, cartId);
  return presented(scope, cart, actors);
}

export async function addToCart(scope: ActivityScope, input: In<typeof api.addToCart>): Promise<TCart> {
  const today = siteToday(scope.site, scope.now);
  refuseIfAny(tripProblems(input, today));
  const date = input.item.date ?? input.startDate;
  checkLineDates([{ date }], input, () => 'item.date');
  const found = input.cartId ? await editableCart(scope, input.cartId) : null;
  const before = found?.cart ?? (await openDraft(scope));
  if (before && before.items.length >= MAX_CART_ITEMS)
    throw fail.validation(ACTIVITY_MSG.tooManyItems(MAX_CART_ITEMS), {
      item: ACTIVITY_MSG.tooManyItems(MAX_CART_ITEMS),
    });
  const userId = before?.userId ?? scope.principal.userId;
  const rule = await ownerMarkup(scope, userId);
  // The party changes only when the caller confirmed it (every line is priced again for it); the dates widen to
  // hold the lines already in the cart, so adding from another search never drops or strands one.
  const party = { adults: input.adults, children: input.children };
  if (before && partyChangeNeedsConfirming(before, party, input.changeParty))
    throw await partyChangeRefusal(scope, rule, before, { ...input.item, date }, party);
  const kept = before?.items ?? [];
  const dates = {
    startDate: before && before.startDate < input.startDate ? before.startDate : input.startDate,
    endDate: before && before.endDate > input.endDate ? before.endDate : input.endDate,
  };
  // The widened range is checked again (at most MAX_CART_DAYS); a draft's own earlier start is not "the past".
  const earliest = dates.startDate < today ? dates.startDate : today;
  refuseIfAny(tripProblems({ ...dates, ...party }, earliest));
  const items = await withCombos(
    scope,
    await Promise.all([
      ...kept.map((l, i) => priceLine(scope, rule, l, party, `items.${i}`)),
      priceLine(scope, rule, { ...input.item, date }, party, 'item.tourOptionId'),
    ]),
    party,
  );
  const trip = { ...dates, ...party, items };
  if (before) {
    const after = bump(scope, before, trip);
    return presented(scope, await commit(scope, before, after), found?.actors ?? ['owner']);
  }
  const id = newId();
  const now = scope.now.toISOString();
  const user = scope.principal.record as Partial<UserRecord>;
  const cart: CartRecord = {
    id,
    version: 1,
    reference: referenceOf(id, today),
    userId,
    userName: nameOf({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: scope.principal.email }),
    status: 'draft',
    remarks: '',
    kartId: null,
    createdAt: now,
    updatedAt: now,
    ...trip,
  };
  return presented(scope, await commit(scope, null, cart), actorsOf(scope, cart, await canManage(scope)));
}

/**
 * 409 for an add that would change a cart's party unconfirmed: the cart with the new line priced
 * for its own party and for the one asked, in the message and as the envelope's `detail` (ZPartyChange), so the
 * screen can show the choice with its effect on the price. Nothing is written.
 */
async function partyChangeRefusal(
  scope: ActivityScope,
  rule: ActivityMarkupRule | null,
  cart: CartRecord,
  line: { activityId: string; tourOptionId: string; date: string },
  requested: Party,
): Promise<AppError> {
  const current = { adults: cart.adults, children: cart.children };
  const total = async (party: Party) => {
    const lines = await withCombos(
      scope,
      await Promise.all(
        [...cart.items, line].map((l, i) =>
          priceLine(scope, rule, l, party, i < cart.items.length ? `items.${i}` : 'item.tourOptionId'),
        ),
      ),
      party,
    );
    return Math.round(lines.reduce((sum, l) => sum + l.price * 100, 0)) / 100;
  };
  const [keep, change] = await Promise.all([total(current), total(requested)]);
  const currency = cart.items[0]?.currency ?? DEFAULT_CURRENCY;
  const detail: TPartyChange = {
    current: { ...current, totalPrice: keep },
    requested: { ...requested, totalPrice: change },
    currency,
  };
  const message = ACTIVITY_MSG.partyChange(
    partyLabel(current),
    partyLabel(requested),
    formatMoney(keep, currency),
    formatMoney(change, currency),
  );
  return fail.conflict(message, undefined, detail);
}

export async function deleteItem(scope: ActivityScope, input: In<typeof api.deleteCartItem>): Promise<TCart> {
  const { cart, actors } = await editableCart(scope, input.cartId);
  if (!cart.items.some((l) => l.itemId === input.itemId))
    throw fail.validation(ACTIVITY_MSG.unknownItem, { itemId: ACTIVITY_MSG.unknownItem });
  // A combo missing the removed option no longer applies: the lines left go back to their single prices.
  const items = await withCombos(
    scope,
    cart.items.filter((l) => l.itemId !== input.itemId),
    { adults: cart.adults, children: cart.children },
  );
  const after = bump(scope, cart, { items });
  return presented(scope, await commit(scope, cart, after), actors);
}

export async function clearCart(scope: ActivityScope, cartId: string): Promise<TCart> {
  const { cart, actors } = await editableCart(scope, cartId);
  return presented(scope, await commit(scope, cart, bump(scope, cart, { items: [] })), actors);
}

export async function updateCart(scope: ActivityScope, input: In<typeof api.updateCartData>): Promise<TCart> {
  refuseIfAny(tripProblems(input, siteToday(scope.site, scope.now)));
  const { cart, actors } = await editableCart(scope, input.cartId);
  const dates = new Map(input.items.map((l) => [l.itemId, l.date]));
  for (const id of dates.keys())
    if (!cart.items.some((l) => l.itemId === id))
      throw fail.validation(ACTIVITY_MSG.unknownItem, { items: ACTIVITY_MSG.unknownItem });
  const lines = cart.items.map((l) => ({ ...l, date: dates.get(l.itemId) ?? l.date }));
  checkLineDates(lines, input, (i) => `items.${i}.date`);
  const party = { adults: input.adults, children: input.children };
  const rule = await ownerMarkup(scope, cart.userId);
  const items = await withCombos(
    scope,
    await Promise.all(lines.map((l, i) => priceLine(scope, rule, l, party, `items.${i}`))),
    party,
  );
  const after = bump(scope, cart, { startDate: input.startDate, endDate: input.endDate, ...party, items });
  return presented(scope, await commit(scope, cart, after), actors);
}

export async function setStatus(
  scope: ActivityScope,
  input: In<typeof api.updateCartStatus>,
  wiring: ActivitiesWiring,
): Promise<TCart> {
  const { cart, actors } = await visibleCart(scope, input.cartId);
  const problem = cartMoveProblem(cart.status, input.status, actors, cart.items.length);
  if (problem) throw fail.validation(problem, { status: problem });
  const moved = bump(scope, cart, { status: input.status });
  const money = await moneyOfMove(scope, cart, input.status);
  let saved: CartRecord;
  if (money) {
    // The money moves in the move's own transaction (cart-payment.ts): exactly once, whatever the clicks.
    const write = (after: CartRecord) => [
      auditEntry(scope, cart, after, 'status'),
      ...repo.cartWrites(siteOf(scope), cart, after),
    ];
    const r =
      money.kind === 'pay'
        ? await payAndMove(scope, money.owner, cart, moved, cartTotal(cart), cartCurrency(cart), write)
        : await refundAndMove(scope, cart, moved, write);
    if (r.outcome === 'unpaid') {
      // A retail customer's wallet cannot pay the confirm: confirmed all the same, they pay it online next.
      saved = await commit(scope, cart, moved, 'status');
    } else if (r.outcome === 'already') {
      // A parallel move took (or gave back) the money with this very move: answer the cart as it stands.
      const now = await visibleCart(scope, input.cartId);
      if (now.cart.status !== input.status) throw fail.conflict(ACTIVITY_MSG.changedMeanwhile);
      return presented(scope, now.cart, now.actors);
    } else saved = r.after;
  } else saved = await commit(scope, cart, moved, 'status');
  // The GST invoice of a vouchered cart, its credit note when cancelled: never undoes the move.
  await runCartStatusHooks(wiring, scope.site, saved, cart.status, scope.now);
  await tellCartStatus(scope.site, cart.status, saved);
  return presented(scope, saved, actors);
}

/**
 * Whether a move takes the owner's money (the site's paying status, an unpaid cart of a customer: staff's own carts
 * are the DMC's work) or gives it back (the cancel of a paid cart); null: it moves no money.
 */
async function moneyOfMove(scope: ActivityScope, cart: CartRecord, to: CartStatus) {
  if (moveRefunds(cart, to)) return { kind: 'refund' as const };
  if (cartTotal(cart) <= 0 || !movePays(await cartPaysAt(scope), cart, to)) return null;
  const owner = await getUser(siteOf(scope), cart.userId);
  if (!owner || owner.userType === 'staff') return null;
  return {
    kind: 'pay' as const,
    owner: { userId: owner.userId, legalEntityId: owner.legalEntityId, userType: owner.userType },
  };
}

const cartTotal = (cart: Pick<CartRecord, 'items'>) =>
  Math.round(cart.items.reduce((sum, l) => sum + l.price * 100, 0)) / 100;
const cartCurrency = (cart: Pick<CartRecord, 'items'>) => cart.items[0]?.currency ?? DEFAULT_CURRENCY;

/**
 * The cart as the caller sees it, with its total in the owner's wallet currency beside the DMC's (an Indian agent
 * sees INR beside AED: what a paying move debits) when the table converts it.
 */
async function presented(scope: ActivityScope, cart: CartRecord, actors: readonly CartActor[]): Promise<TCart> {
  const view = cartView(cart, actors);
  if (!cart.items.length) return view;
  const legalEntityId =
    cart.userId === scope.principal.userId
      ? scope.principal.legalEntityId
      : (await getUser(siteOf(scope), cart.userId))?.legalEntityId;
  if (!legalEntityId) return view;
  try {
    const localTotal = await inWalletCurrency(scope, legalEntityId, view.totalPrice, view.currency);
    // The owner of a confirmed, unpaid cart of a site whose carts pay may pay it online (payCart).
    const mayPay =
      cart.status === 'confirmed' &&
      !cart.payment &&
      cart.userId === scope.principal.userId &&
      scope.principal.userType !== 'staff' &&
      payableOnline(await cartPaysAt(scope), cart, view.totalPrice);
    const payNow = mayPay
      ? { amount: localTotal?.amount ?? view.totalPrice, currency: localTotal?.currency ?? view.currency }
      : null;
    return { ...view, localTotal, payNow };
  } catch (err) {
    // No row for the owner's currency: the cart shows the DMC's currency alone (a paying move names the gap).
    if (err instanceof AppError && err.code === 'VALIDATION') return view;
    throw err;
  }
}

/**
 * The site's combos over the cart's lines (docs/dmc.md "Combos in quotations and carts"): lines of a combo whose
 * tour options are all in the cart share the combo's net price, each keeping its own markup; every other line, and
 * every line of a combo missing an option, is priced alone.
 */
async function withCombos(
  scope: ActivityScope,
  items: readonly CartItemRecord[],
  party: Party,
): Promise<CartItemRecord[]> {
  const single = items.map(({ singleNet, combo: _combo, ...l }) => {
    const net = singleNet ?? l.net;
    return { ...l, net, price: round2(net + l.markup), combo: null };
  });
  const currency = single[0]?.currency;
  if (!currency) return single;
  const { offers } = await comboOffers(scope, {
    to: currency,
    rows: await allExchangeRates(siteOf(scope)),
    day: siteToday(scope.site, scope.now),
  });
  const lines = single.filter((l) => l.currency === currency);
  const priced = priceCombos(
    lines.map((l) => ({ key: l.itemId, tourOptionId: l.tourOptionId, ticket: l.net, transfer: 0 })),
    offers,
    party,
  );
  return single.map((l) => {
    const p = priced.lines.get(l.itemId);
    if (!p) return l;
    const members = p.deal.keys.map((k) => single.find((m) => m.itemId === k)!);
    const markups = members.reduce((sum, m) => sum + m.markup, 0);
    const combo: ComboShare = {
      comboId: p.deal.comboId,
      name: p.deal.name,
      price: round2(p.deal.price + markups),
      replaces: round2(p.deal.replaces + markups),
      options: members.map((m) => m.tourOptionName),
    };
    return { ...l, singleNet: l.net, net: p.price, price: round2(p.price + l.markup), combo };
  });
}

export async function setRemarks(scope: ActivityScope, input: In<typeof api.updateRemarks>): Promise<TCart> {
  const { cart, actors } = await visibleCart(scope, input.cartId);
  return presented(scope, await commit(scope, cart, bump(scope, cart, { remarks: input.remarks })), actors);
}

/** Staff hand a cart to another user of the site (a traveller's agent): its lines are priced for that user. */
export async function assignUser(scope: ActivityScope, input: In<typeof api.updateUserId>): Promise<TCart> {
  const { cart } = await visibleCart(scope, input.cartId);
  const user = await getUser(siteOf(scope), input.userId);
  if (!user || user.isBlocked) throw fail.validation(ACTIVITY_MSG.unknownUser, { userId: ACTIVITY_MSG.unknownUser });
  let items = cart.items;
  if (cartEditable(cart.status)) {
    const rule = await markupForLegalEntity(scope.site, user.legalEntityId);
    const party = { adults: cart.adults, children: cart.children };
    items = await withCombos(
      scope,
      await Promise.all(cart.items.map((l, i) => priceLine(scope, rule, l, party, `items.${i}`))),
      party,
    );
  }
  const after = bump(scope, cart, { userId: user.userId, userName: nameOf(user), items });
  return presented(scope, await commit(scope, cart, after, 'update'), actorsOf(scope, after, true));
}

export async function queue(scope: ActivityScope, input: In<typeof api.getQueue>): Promise<TQueue> {
  const manager = await canManage(scope);
  const owner = manager ? null : scope.principal.userId;
  const [page, counts] = await Promise.all([
    repo.cartsOfStatus(siteOf(scope), owner, input.status, {
      cursor: input.page > 1 ? input.cursor : undefined,
      limit: QUEUE_PAGE_SIZE,
    }),
    repo.statusCounts(siteOf(scope), owner),
  ]);
  const statuses = CART_STATUSES.map((status) => ({ status, count: Math.max(0, counts[status] ?? 0) }));
  const total = statuses.find((s) => s.status === input.status)!.count;
  return {
    carts: page.records.map((c) => cartView(c, actorsOf(scope, c, manager))),
    statuses,
    page: input.page,
    totalPages: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)),
    nextCursor: page.nextCursor,
  };
}

/**
 * Staff turn a confirmed cart into a quotation for its owner: one activity line per cart line on its date, the
 * cart's party, arrival on the first day; the kart prices the lines itself (staff then add hotels and transfers).
 * Exactly one quotation per cart (docs/decisions.md).
 */
export async function toKart(
  scope: ActivityScope,
  cartId: string,
  wiring: ActivitiesWiring,
): Promise<{ cartId: string; kartId: string }> {
  for (let attempt = 1; ; attempt++) {
    const { cart } = await visibleCart(scope, cartId);
    if (cart.kartId) throw fail.conflict(ACTIVITY_MSG.alreadyKart, { cartId: ACTIVITY_MSG.alreadyKart });
    if (cart.status !== 'confirmed')
      throw fail.validation(ACTIVITY_MSG.notConfirmed, { cartId: ACTIVITY_MSG.notConfirmed });
    try {
      return await quotationOfCart(scope, cart, wiring);
    } catch (err) {
      // A lost race (the cart's version moved, or DynamoDB cancelled the transaction for a concurrent one) saved
      // nothing: read the cart again, whose guards then answer (another click made the quotation: 409).
      if (!lostRace(err)) throw err;
      if (attempt >= TO_KART_TRIES) throw fail.conflict(ACTIVITY_MSG.changedMeanwhile);
    }
  }
}

const TO_KART_TRIES = 5;

const lostRace = (err: unknown): boolean =>
  (err instanceof AppError && err.code === 'CONFLICT') ||
  ['TransactionCanceledException', 'TransactionConflictException'].includes((err as { name?: string })?.name ?? '');

async function quotationOfCart(
  scope: ActivityScope,
  cart: CartRecord,
  wiring: ActivitiesWiring,
): Promise<{ cartId: string; kartId: string }> {
  const nights = Math.max(0, Math.round((Date.parse(cart.endDate) - Date.parse(cart.startDate)) / 86_400_000));
  const input = {
    customerId: cart.userId,
    kartName: `Activities ${cart.reference}`,
    adults: cart.adults,
    child: cart.children,
    infant: 0,
    arrivalDate: cart.startDate,
    quoteValidyInDays: 7,
    accomodations: [],
    activities: cart.items.map((l) => ({
      activityId: l.activityId,
      tourOptionId: l.tourOptionId,
      activityName: l.activityName,
      tourOptionName: l.tourOptionName,
      startDate: l.date,
      time: null,
      transfers: {},
    })),
    miscellaneous: [],
    flightDetails: [],
    passengers: [],
    serviceCharge: null,
    remittanceCharge: null,
    discount: null,
    remark: cart.remarks,
    priceBreakup: 'full',
    noOfDays: nights + 1,
    noOfNights: nights,
    isVouchered: false,
    isCancelled: false,
    collectedPayment: null,
    internalRemark: `From activity cart ${cart.reference}`,
    remarkForCustomer: '',
    currencySymbol: cart.items[0]?.currency ?? DEFAULT_CURRENCY,
    isAgentBranding: false,
  } as unknown as TKartInput;
  // The quotation and the cart's "made into it" mark commit in one transaction, conditional on the cart's version
  // read: of any number of clicks at once exactly one saves a quotation; the others save nothing.
  const kart = await saveKart(scope, input, wiring.kart, (k) =>
    repo.cartWrites(siteOf(scope), cart, bump(scope, cart, { kartId: k.id })),
  );
  return { cartId: cart.id, kartId: kart.id };
}

/**
 * The owner pays a confirmed cart through the site's gateway (docs/dmc.md "The activity cart pays"): a payment of
 * purpose `cartPayment` for the cart's total in the owner's wallet currency (as a wallet payment would take); the
 * payment-verification worker pays the cart once it is verified (cart-payment.ts `receiveCartGatewayPayment`).
 */
export async function payCartOnline(scope: ActivityScope, cartId: string) {
  const { cart } = await visibleCart(scope, cartId);
  if (cart.userId !== scope.principal.userId || scope.principal.userType === 'staff')
    throw fail.forbidden(ACTIVITY_MSG.onlyOwnerPays);
  const total = cartTotal(cart);
  const currency = cartCurrency(cart);
  if (!payableOnline(await cartPaysAt(scope), cart, total))
    throw fail.validation(ACTIVITY_MSG.nothingToPay, { cartId: ACTIVITY_MSG.nothingToPay });
  const local = await inWalletCurrency(scope, scope.principal.legalEntityId, total, currency);
  const started = await startGatewayPayment(scope.site, {
    purpose: { kind: 'cartPayment', cartId: cart.id },
    amount: local?.amount ?? total,
    currency: local?.currency ?? currency,
    userId: scope.principal.userId,
    legalEntityId: scope.principal.legalEntityId,
    now: scope.now,
    userEmail: scope.principal.email,
    remark: `Activity cart ${cart.reference}${local ? ` (${formatMoney(total, currency)}; ${local.rateText})` : ''}`,
    returnPath: cartReturnPath(cart.id),
  });
  return { paymentId: started.paymentId, redirectTo: started.redirectTo };
}

// The activities Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetCartData = answers(api.getCartData, (input, scope) => getCart(scope, input.cartId));
export const answerAddToCart = answers(api.addToCart, async (input, scope) =>
  reply(await addToCart(scope, input), { message: ACTIVITY_MSG.added }),
);
export const answerDeleteCartItem = answers(api.deleteCartItem, async (input, scope) =>
  reply(await deleteItem(scope, input), { message: ACTIVITY_MSG.removed }),
);
export const answerClearAllCart = answers(api.clearAllCart, async (input, scope) =>
  reply(await clearCart(scope, input.cartId), { message: ACTIVITY_MSG.cleared }),
);
export const answerUpdateCartData = answers(api.updateCartData, async (input, scope) =>
  reply(await updateCart(scope, input), { message: ACTIVITY_MSG.updated }),
);
export const answerUpdateCartStatus = answers(api.updateCartStatus, async (input, scope, wiring: ActivitiesWiring) =>
  reply(await setStatus(scope, input, wiring), { message: ACTIVITY_MSG.statusChanged }),
);
export const answerPayCart = answers(api.payCart, (input, scope) => payCartOnline(scope, input.cartId));
export const answerUpdateRemarks = answers(api.updateRemarks, async (input, scope) =>
  reply(await setRemarks(scope, input), { message: ACTIVITY_MSG.remarksSaved }),
);
export const answerUpdateUserId = answers(api.updateUserId, async (input, scope) =>
  reply(await assignUser(scope, input), { message: ACTIVITY_MSG.assigned }),
);
export const answerCreateKartFromCart = answers(
  api.createKartFromCart,
  async (input, scope, wiring: ActivitiesWiring) =>
    reply(await toKart(scope, input.cartId, wiring), { message: ACTIVITY_MSG.kartCreated }),
);
export const answerGetQueue = answers(api.getQueue, (input, scope) => queue(scope, input));
