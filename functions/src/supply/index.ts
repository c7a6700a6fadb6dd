/**
 * Which supply serves a site: its approved Flights supplier site (up to two hops), else its own
 * server-only setting (`flightSupply` on the site's secrets item: the TBO-style API, Duffel or the
 * simulator), else the simulator. The simulator only where the stage allows it (SIMULATED_SUPPLY):
 * elsewhere a site whose supply would be the simulator has none, and every flight call is refused.
 */
import * as z from 'zod/mini';
import type { SiteId } from '#lib/keys';
import { SUPPLY_MSG } from '@tp/contracts/endpoints/flights';
import { METRICS } from '@tp/contracts/platform';
import { simulatedSupplyAllowed } from '#lib/config';
import { log } from '#lib/logger';
import { emitMetric } from '#lib/metrics';
import { siteById, siteSecret, type SiteRecord } from '#lib/tenancy';
import { activeSupplierLink } from '../suppliers/index.ts';
import { DuffelSupply, isDuffelTestToken } from './duffel/index.ts';
import { SimulatorSupply } from './simulator/index.ts';
import { SupplierSiteSupply } from './supplier-site.ts';
import { TboSupply } from './tbo/index.ts';
import { SupplyError, type FlightSupply } from './types.ts';

export const ZFlightSupplySettings = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('simulator'),
    latencyMs: z.optional(z.number().check(z.minimum(0), z.maximum(120_000))),
    failureRate: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
    maxOptions: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(5000))),
  }),
  z.object({
    kind: z.literal('tbo'),
    baseUrl: z.url(),
    clientId: z.string().check(z.minLength(1)),
    userName: z.string().check(z.minLength(1)),
    password: z.string().check(z.minLength(1)),
    searchTimeoutMs: z.optional(z.number().check(z.int(), z.positive())),
    bookingTimeoutMs: z.optional(z.number().check(z.int(), z.positive())),
  }),
  z.object({
    kind: z.literal('duffel'),
    baseUrl: z.url(),
    accessToken: z.string().check(z.minLength(1)),
    /** The secret of the site's webhook on Duffel's dashboard: its events' signatures are checked with it. */
    webhookSecret: z.optional(z.string().check(z.minLength(1))),
    searchTimeoutMs: z.optional(z.number().check(z.int(), z.positive())),
    bookingTimeoutMs: z.optional(z.number().check(z.int(), z.positive())),
  }),
]);
export type FlightSupplySettings = z.infer<typeof ZFlightSupplySettings>;

/** A consumer → supplier → supplier chain is followed at most this far. */
export const MAX_SUPPLIER_HOPS = 2;

/**
 * Instances are reused while their configuration is unchanged (the simulator keeps recent searches,
 * the TBO client its token); links and settings are read on every call, so a switch takes effect at once.
 */
const instances = new Map<string, FlightSupply>();
export function clearSupplyCache(): void {
  instances.clear();
}
function reuse(fingerprint: string, make: () => FlightSupply): FlightSupply {
  let supply = instances.get(fingerprint);
  if (!supply) {
    if (instances.size > 500) instances.clear();
    supply = make();
    instances.set(fingerprint, supply);
  }
  return supply;
}

async function ownSettings(siteId: SiteId): Promise<FlightSupplySettings> {
  const raw = await siteSecret(siteId, 'flightSupply');
  if (raw === undefined || raw === null) return { kind: 'simulator' };
  const parsed = ZFlightSupplySettings.safeParse(raw);
  if (!parsed.success) {
    // The credentials are never logged: only which setting is wrong.
    log.error('invalid flight supply settings', { siteId, fields: parsed.error.issues.map((i) => i.path.join('.')) });
    throw new SupplyError('failed', 'The flight supply of this site is not configured correctly');
  }
  return parsed.data;
}

/**
 * The supply a setting names. The simulator invents seats, PNRs and tickets: where the stage refuses it,
 * this is `notConfigured` before anything is searched, quoted, booked or charged.
 */
export function supplyFromSettings(siteId: SiteId, settings: FlightSupplySettings): FlightSupply {
  if (settings.kind === 'simulator' && !simulatedSupplyAllowed())
    throw new SupplyError('notConfigured', SUPPLY_MSG.unavailable);
  // Duffel's test mode is its fake airline: where the simulator is refused, so is it.
  if (settings.kind === 'duffel' && isDuffelTestToken(settings.accessToken) && !simulatedSupplyAllowed())
    throw new SupplyError('notConfigured', SUPPLY_MSG.unavailable);
  return reuse(`${siteId}|${JSON.stringify(settings)}`, () =>
    settings.kind === 'tbo'
      ? new TboSupply(siteId, settings)
      : settings.kind === 'duffel'
        ? new DuffelSupply(siteId, settings)
        : new SimulatorSupply(siteId, settings),
  );
}

async function build(siteId: SiteId, hops: number): Promise<FlightSupply> {
  const link = hops < MAX_SUPPLIER_HOPS ? await activeSupplierLink(siteId, 'Flights') : null;
  if (link) {
    const supplier = await siteById(link.supplierSiteId);
    if (supplier) return new SupplierSiteSupply(link, await build(supplier.siteId, hops + 1));
  }
  return supplyFromSettings(siteId, await ownSettings(siteId));
}

/** Failures on the supplier's side, which the supplier error-rate alarm counts; refusals (sold out, expired…) are answers. */
const SUPPLIER_FAULTS: ReadonlySet<SupplyError['kind']> = new Set(['timeout', 'failed', 'invalidSession']);

/** The same supply, counting each call and each supplier-side failure (every method is async). */
function counted(supply: FlightSupply): FlightSupply {
  return new Proxy(supply, {
    get(target, prop, receiver) {
      const member: unknown = Reflect.get(target, prop, receiver);
      if (typeof member !== 'function') return member;
      return async (...args: unknown[]) => {
        void emitMetric(METRICS.supplierCall);
        try {
          return await (member as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (err) {
          if (!(err instanceof SupplyError) || SUPPLIER_FAULTS.has(err.kind)) void emitMetric(METRICS.supplierError);
          throw err;
        }
      };
    },
  });
}

/**
 * The secret the site's own Duffel webhook signs with (null: the site is not on Duffel, or kept no secret, so no
 * event of it is accepted). The site's own setting, never a supplier site's: a webhook is per Duffel account.
 */
export async function duffelWebhookSecret(siteId: SiteId): Promise<string | null> {
  const settings = await ownSettings(siteId);
  return settings.kind === 'duffel' ? (settings.webhookSecret ?? null) : null;
}

export async function supplyFor(site: SiteRecord): Promise<FlightSupply> {
  return counted(await build(site.siteId, 0));
}

// The supply folder's public surface for flights, tickets and flight-admin.
export * from './types.ts';
export { supplied, supplierRefusal } from './errors.ts';
export { TBO_PATHS, TBO_STATUS, type TboSettings } from './tbo/client.ts';
export { checkDuffelAccess, isDuffelTestToken } from './duffel/index.ts';
export { isDuffelSigned } from './duffel/webhook.ts';
