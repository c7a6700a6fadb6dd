/**
 * /staff/flightSettings: the site's flight supply (simulator knobs, TBO-style API credentials or a Duffel
 * access token), its
 * look-to-book policy and whether holds are offered. Secrets are write-only: they are stored on the
 * site's secrets item, never returned (only whether each is set, and the user name's last 4 chars) and
 * never logged; a blank secret on save keeps the stored one. A site served by an approved Flights
 * supplier site sees who supplies it and cannot change the source. The site's payment gateway is chosen
 * here too (write-only credentials the same way); sandbox payments only where the stage allows them.
 */
import {
  FLIGHT_ADMIN_MSG,
  type TFlightSettingsView,
  type TPaymentGatewayInput,
  type TSupplyInput,
} from '@tp/contracts/endpoints/flight-admin';
import { DEFAULT_LOOK_TO_BOOK, type LookToBookPolicy } from '@tp/domain/look-to-book';
import { SUPPLY_MSG } from '@tp/contracts/endpoints/flights';
import { sandboxPaymentsAllowed, simulatedSupplyAllowed } from '#lib/config';
import { fail } from '#lib/errors';
import { clearSiteCache, siteById, type SiteRecord } from '#lib/tenancy';
import { activeSupplierLink } from '../suppliers/index.ts';
import {
  checkDuffelAccess,
  clearSupplyCache,
  isDuffelTestToken,
  ZFlightSupplySettings,
  type FlightSupplySettings,
} from '../supply/index.ts';
import {
  clearGatewaySettingsCache,
  isSandboxGateway,
  usableOnThisStage,
  ZGatewaySettings,
  type GatewaySettings,
} from '../wallet/index.ts';
import type { AdminScope } from './scope.ts';
import { testTboConnection, type ConnectionResult } from './tbo-connection.ts';
import * as repo from './repo.ts';
import type { SiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/flight-admin';
import { answers, reply } from '#lib/answers';

/**
 * The stored supply, or the simulator when none (what supplyFor uses), and the stored payment gateway
 * setting as saved (before the stage's sandbox policy); a broken one reads as unset.
 */
async function stored(
  scope: AdminScope,
): Promise<{ settings: FlightSupplySettings | null; updatedAt: string | null; gateway: GatewaySettings }> {
  const { raw, updatedAt, paymentGateway } = await repo.storedSupply(scope.site.siteId);
  const gatewayParsed = ZGatewaySettings.safeParse(paymentGateway);
  const gateway: GatewaySettings = gatewayParsed.success ? gatewayParsed.data : { active: null };
  if (raw === null) return { settings: null, updatedAt, gateway };
  const parsed = ZFlightSupplySettings.safeParse(raw);
  if (!parsed.success)
    scope.log.warn('stored flight supply invalid', { fields: parsed.error.issues.map((i) => i.path.join('.')) });
  return { settings: parsed.success ? parsed.data : null, updatedAt, gateway };
}

/** The site's own TBO setting, if that is what it uses. */
export async function storedTbo(siteId: SiteId): Promise<Extract<FlightSupplySettings, { kind: 'tbo' }> | null> {
  const parsed = ZFlightSupplySettings.safeParse((await repo.storedSupply(siteId)).raw);
  return parsed.success && parsed.data.kind === 'tbo' ? parsed.data : null;
}

export async function suppliedBy(siteId: SiteId): Promise<{ siteId: SiteId; name: string } | null> {
  const link = await activeSupplierLink(siteId, 'Flights');
  if (!link) return null;
  const supplier = await siteById(link.supplierSiteId);
  return { siteId: link.supplierSiteId, name: supplier?.companyName ?? link.supplierSiteId };
}

function masked(s: FlightSupplySettings | null): TFlightSettingsView['supply'] {
  if (!s || s.kind === 'simulator') return s ?? { kind: 'simulator' };
  if (s.kind === 'duffel')
    return {
      kind: 'duffel',
      baseUrl: s.baseUrl,
      accessTokenSet: !!s.accessToken,
      webhookSecretSet: !!s.webhookSecret,
      testMode: isDuffelTestToken(s.accessToken),
      ...(s.searchTimeoutMs ? { searchTimeoutMs: s.searchTimeoutMs } : {}),
      ...(s.bookingTimeoutMs ? { bookingTimeoutMs: s.bookingTimeoutMs } : {}),
    };
  return {
    kind: 'tbo',
    baseUrl: s.baseUrl,
    clientIdSet: !!s.clientId,
    userNameSet: !!s.userName,
    // Enough for staff to recognise which account is configured, not enough to sign in with.
    userNameLast4: s.userName.length > 4 ? s.userName.slice(-4) : null,
    passwordSet: !!s.password,
    ...(s.searchTimeoutMs ? { searchTimeoutMs: s.searchTimeoutMs } : {}),
    ...(s.bookingTimeoutMs ? { bookingTimeoutMs: s.bookingTimeoutMs } : {}),
  };
}

const policiesOf = (site: SiteRecord) => {
  const s = site as SiteRecord & { lookToBook?: LookToBookPolicy; flightHoldsOffered?: boolean };
  return { lookToBook: s.lookToBook ?? DEFAULT_LOOK_TO_BOOK, holdsOffered: s.flightHoldsOffered !== false };
};

const dropUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;

/** The setting to store or try: the input, with blank secrets taken from the stored setting of its kind. */
export function mergeSupply(input: TSupplyInput, current: FlightSupplySettings | null): FlightSupplySettings {
  if (input.kind === 'simulator') return dropUndefined(input);
  if (input.kind === 'duffel') {
    const accessToken = input.accessToken || (current?.kind === 'duffel' ? current.accessToken : '');
    if (!accessToken)
      throw fail.validation(FLIGHT_ADMIN_MSG.secretRequired, { 'supply.accessToken': FLIGHT_ADMIN_MSG.secretRequired });
    if (isDuffelTestToken(accessToken) && !simulatedSupplyAllowed())
      throw fail.validation(FLIGHT_ADMIN_MSG.duffelTestForbidden, {
        'supply.accessToken': FLIGHT_ADMIN_MSG.duffelTestForbidden,
      });
    const webhookSecret = input.webhookSecret || (current?.kind === 'duffel' ? current.webhookSecret : undefined);
    const parsed = ZFlightSupplySettings.safeParse({
      ...dropUndefined(input),
      accessToken,
      ...(webhookSecret ? { webhookSecret } : {}),
    });
    if (!parsed.success) throw fail.validation(parsed.error.issues[0]?.message ?? 'Check the supply settings');
    return parsed.data;
  }
  const prev = current?.kind === 'tbo' ? current : null;
  const merged = {
    ...dropUndefined(input),
    clientId: input.clientId || prev?.clientId || '',
    userName: input.userName || prev?.userName || '',
    password: input.password || prev?.password || '',
  };
  const missing = (['clientId', 'userName', 'password'] as const).filter((k) => !merged[k]);
  if (missing.length)
    throw fail.validation(
      FLIGHT_ADMIN_MSG.secretRequired,
      Object.fromEntries(missing.map((k) => [`supply.${k}`, FLIGHT_ADMIN_MSG.secretRequired])),
    );
  const parsed = ZFlightSupplySettings.safeParse(merged);
  if (!parsed.success) throw fail.validation(parsed.error.issues[0]?.message ?? 'Check the supply settings');
  return parsed.data;
}

/** What staff see: the gateway as this stage may use it (a sandbox one reads as none where forbidden). */
function paymentView(saved: GatewaySettings): TFlightSettingsView['payment'] {
  const s = usableOnThisStage(saved);
  return {
    active: s.active,
    sandboxAllowed: sandboxPaymentsAllowed(),
    isSandbox: isSandboxGateway(s),
    phonepe: s.phonepe
      ? {
          clientIdSet: !!s.phonepe.clientId,
          clientSecretSet: !!s.phonepe.clientSecret,
          clientVersion: s.phonepe.clientVersion,
          env: s.phonepe.env,
          callbackSet: !!(s.phonepe.callbackUsername && s.phonepe.callbackPassword),
        }
      : null,
  };
}

/**
 * The gateway setting to store: blank PhonePe secrets keep the stored ones; switching to none or the
 * sandbox keeps PhonePe's credentials for later. Sandbox choices are refused where the stage forbids them.
 */
export function mergePayment(
  input: TPaymentGatewayInput,
  current: GatewaySettings,
  sandboxAllowed: boolean,
): GatewaySettings {
  const keep = current.phonepe ? { phonepe: current.phonepe } : {};
  if (input.kind === 'none') return { active: null, ...keep };
  if (input.kind === 'sandbox') {
    if (!sandboxAllowed)
      throw fail.validation(FLIGHT_ADMIN_MSG.sandboxForbidden, { 'payment.kind': FLIGHT_ADMIN_MSG.sandboxForbidden });
    return { active: 'sandbox', ...keep };
  }
  if (input.env === 'SANDBOX' && !sandboxAllowed)
    throw fail.validation(FLIGHT_ADMIN_MSG.sandboxForbidden, { 'payment.env': FLIGHT_ADMIN_MSG.sandboxForbidden });
  const prev = current.phonepe;
  const callbackUsername = input.callbackUsername || prev?.callbackUsername;
  const callbackPassword = input.callbackPassword || prev?.callbackPassword;
  const creds = {
    clientId: input.clientId || prev?.clientId || '',
    clientSecret: input.clientSecret || prev?.clientSecret || '',
    clientVersion: input.clientVersion,
    env: input.env,
    ...(callbackUsername ? { callbackUsername } : {}),
    ...(callbackPassword ? { callbackPassword } : {}),
  };
  const missing = (['clientId', 'clientSecret'] as const).filter((k) => !creds[k]);
  if (missing.length)
    throw fail.validation(
      FLIGHT_ADMIN_MSG.secretRequired,
      Object.fromEntries(missing.map((k) => [`payment.${k}`, FLIGHT_ADMIN_MSG.secretRequired])),
    );
  // The callback check needs both halves: one without the other would refuse every callback silently.
  if (!!callbackUsername !== !!callbackPassword)
    throw fail.validation(FLIGHT_ADMIN_MSG.callbackPair, {
      [callbackUsername ? 'payment.callbackPassword' : 'payment.callbackUsername']: FLIGHT_ADMIN_MSG.callbackPair,
    });
  return { active: 'phonepe', phonepe: creds };
}

export async function getSettings(scope: AdminScope): Promise<TFlightSettingsView> {
  const [{ settings, updatedAt, gateway }, by] = await Promise.all([stored(scope), suppliedBy(scope.site.siteId)]);
  return {
    supply: masked(settings),
    suppliedBy: by,
    simulatorAllowed: simulatedSupplyAllowed(),
    ...policiesOf(scope.site),
    payment: paymentView(gateway),
    updatedAt,
  };
}

export async function saveSettings(
  scope: AdminScope,
  input: {
    supply?: TSupplyInput | undefined;
    payment?: TPaymentGatewayInput | undefined;
    lookToBook: LookToBookPolicy;
    holdsOffered: boolean;
  },
): Promise<TFlightSettingsView> {
  const [{ settings, gateway }, by] = await Promise.all([stored(scope), suppliedBy(scope.site.siteId)]);
  if (input.supply && by) throw fail.validation(FLIGHT_ADMIN_MSG.suppliedBySite(by.name));
  if (input.supply?.kind === 'simulator' && !simulatedSupplyAllowed())
    throw fail.validation(SUPPLY_MSG.simulatorForbidden, { 'supply.kind': SUPPLY_MSG.simulatorForbidden });
  const supply = input.supply ? mergeSupply(input.supply, settings) : undefined;
  const paymentGateway = input.payment ? mergePayment(input.payment, gateway, sandboxPaymentsAllowed()) : undefined;
  await repo.saveSettings(scope.site.siteId, {
    supply,
    paymentGateway,
    lookToBook: input.lookToBook,
    holdsOffered: input.holdsOffered,
    now: scope.now,
    byUserId: scope.principal.userId,
  });
  // The next search builds its supply from the new setting, and reads the new policies.
  clearSupplyCache();
  clearSiteCache();
  clearGatewaySettingsCache();
  scope.log.info('flight settings saved', {
    kind: supply?.kind ?? 'unchanged',
    gateway: paymentGateway ? (paymentGateway.active ?? 'none') : 'unchanged',
    byUserId: scope.principal.userId,
  });
  const site = (await siteById(scope.site.siteId)) ?? scope.site;
  return getSettings({ ...scope, site });
}

export async function testSupply(
  scope: AdminScope,
  input: { supply?: TSupplyInput | undefined },
): Promise<ConnectionResult> {
  const by = await suppliedBy(scope.site.siteId);
  if (by)
    return { ok: true, message: `Flights are supplied by ${by.name}; there is no own connection`, agencyBalance: null };
  const { settings } = await stored(scope);
  const target = input.supply ? mergeSupply(input.supply, settings) : (settings ?? { kind: 'simulator' as const });
  if (target.kind === 'simulator')
    return simulatedSupplyAllowed()
      ? { ok: true, message: 'The embedded simulator needs no connection', agencyBalance: null }
      : { ok: false, message: SUPPLY_MSG.unavailableStaff, agencyBalance: null };
  if (target.kind === 'duffel') {
    const res = await checkDuffelAccess(target, {
      siteId: scope.site.siteId,
      now: scope.now,
      endUserIp: scope.ip,
      log: scope.log,
    });
    return { ...res, agencyBalance: null };
  }
  return testTboConnection(target, scope.ip, scope.log);
}

// The flight-admin Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetFlightSettings = answers(api.getFlightSettings, (_input, scope) => getSettings(scope));
export const answerSaveFlightSettings = answers(api.saveFlightSettings, async (input, scope) =>
  reply(await saveSettings(scope, input), { message: 'Flight settings saved' }),
);
export const answerTestFlightSupply = answers(api.testFlightSupply, (input, scope) => testSupply(scope, input));
