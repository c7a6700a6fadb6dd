/**
 * What a kind of user may do beyond booking for themselves (spec 000 §6). Trade users, travel agents and
 * staff, sell to others: they choose supplier sources on a search and put their own markup or discount on
 * an e-ticket. Retail and corporate travellers book for themselves and see neither.
 */
export type RoleUserType = 'staff' | 'travelAgent' | 'retail' | 'corporate';

/** A travel agent or staff. */
export const isTradeUser = (userType: RoleUserType | null | undefined): boolean =>
  userType === 'travelAgent' || userType === 'staff';

/**
 * The search form's Sources field (GDS / LCC carriers to ask).
 * @alias of isTradeUser today: a rule of its own, named for where it applies.
 */
export const maySelectSources = isTradeUser;

/**
 * Add / Update Markup and Discount on an e-ticket (of a booking the user may see the prices of).
 * @alias of isTradeUser today: a rule of its own, named for where it applies.
 */
export const mayAdjustTicketPrices = isTradeUser;
