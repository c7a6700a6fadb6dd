/**
 * The go-live checklist of a reseller's domains (docs/deploy.md "Going live on a domain"): start creates what
 * each domain needs through the stage's provisioner and records what the cloud answered; check asks again;
 * get shows the last answer without asking. The checklist itself is the pure rule of `@tp/domain/go-live`.
 */
import type * as z from 'zod/mini';
import type { GoLiveState } from '@tp/contracts/endpoints/console';
import { CONSOLE_DOMAINS_MSG, type ZGoLive } from '@tp/contracts/endpoints/console-domains';
import { defaultMailFromDomain, domainChecklist } from '@tp/domain/go-live';
import { fail } from '#lib/errors';
import { reply, answers, type OperatorScope } from '#lib/answers';
import { asSiteId, type SiteId } from '#lib/keys';
import { auditEntry } from '../audit.ts';
import * as consoleRepo from '../repo.ts';
import { goLiveSetting, provisionerOf } from './provisioner-of.ts';
import type { DomainProvisioner, DomainState } from './provisioner.ts';
import { goLiveRecords, putGoLiveRecord, type GoLiveRecord } from './repo.ts';
import * as api from '@tp/contracts/endpoints/console-domains';

export type GoLive = z.output<typeof ZGoLive>;

export interface GoLiveDeps {
  /** The console's record of the reseller (its domains, its go-live state), or null for no such reseller. */
  reseller: (siteId: SiteId) => Promise<{ domains: string[]; goLive: GoLiveState } | null>;
  /** Sets the reseller's go-live state (the reseller list's column), audited. */
  setGoLive: (siteId: SiteId, goLive: GoLiveState, audit: consoleRepo.ConsoleAuditRecord) => Promise<void>;
  provisioner: () => DomainProvisioner;
  setting: () => { provider: GoLive['provider']; region: string };
  records: typeof goLiveRecords;
  save: typeof putGoLiveRecord;
}

const defaults: GoLiveDeps = {
  reseller: (siteId) => consoleRepo.getReseller(siteId, true),
  setGoLive: async (siteId, goLive, audit) => {
    await consoleRepo.updateReseller(siteId, { goLive }, {}, [], audit);
  },
  provisioner: provisionerOf,
  setting: goLiveSetting,
  records: goLiveRecords,
  save: putGoLiveRecord,
};

type Scope = Pick<OperatorScope, 'now' | 'operator'>;

async function resellerOrFail(deps: GoLiveDeps, siteId: SiteId): Promise<{ domains: string[]; goLive: GoLiveState }> {
  const reseller = await deps.reseller(siteId);
  if (!reseller) throw fail.notFound(CONSOLE_DOMAINS_MSG.resellerNotFound);
  return reseller;
}

function answer(siteId: SiteId, domains: string[], records: GoLiveRecord[], deps: GoLiveDeps): GoLive {
  const setting = deps.setting();
  const byDomain = new Map(records.map((r) => [r.domain, r]));
  const rows = domains.map((domain): GoLive['domains'][number] => {
    const record = byDomain.get(domain);
    const mailFromDomain = record?.mailFromDomain ?? defaultMailFromDomain(domain);
    const list = domainChecklist(
      {
        domain,
        mailFromDomain,
        region: record?.region ?? setting.region,
        ...(record?.dkimTokens ? { dkimTokens: record.dkimTokens } : {}),
        ...(record?.aliasTarget ? { aliasTarget: record.aliasTarget } : {}),
      },
      record?.verification ?? { alias: false, dkim: false, mailFrom: false, dmarc: false },
    );
    return {
      domain,
      mailFromDomain,
      state: !record ? 'notStarted' : list.live ? 'live' : 'pending',
      ...(record ? { startedAt: record.startedAt, checkedAt: record.checkedAt } : {}),
      records: list.records,
    };
  });
  return { siteId, provider: setting.provider, live: rows.every((r) => r.state === 'live'), domains: rows };
}

export async function getGoLive(input: { siteId: string }, deps: GoLiveDeps = defaults): Promise<GoLive> {
  const siteId = asSiteId(input.siteId);
  const { domains } = await resellerOrFail(deps, siteId);
  return answer(siteId, domains, await deps.records(siteId), deps);
}

/**
 * Runs `work` for each domain (one at a time: a reseller has a handful, and the cloud's APIs throttle) and saves
 * each answer as soon as it comes, so a failure on the third domain keeps what the first two learnt. The
 * reseller's go-live state follows, audited whenever it changes (and on every start: the operator asked the
 * cloud to create something).
 */
async function forEachDomain(
  siteId: SiteId,
  scope: Scope,
  deps: GoLiveDeps,
  step: { start: boolean },
  work: (p: DomainProvisioner, r: { domain: string; mailFromDomain: string; siteId: string }) => Promise<DomainState>,
): Promise<GoLive> {
  const reseller = await resellerOrFail(deps, siteId);
  const provisioner = deps.provisioner();
  const known = new Map((await deps.records(siteId)).map((r) => [r.domain, r]));
  const at = scope.now.toISOString();
  for (const domain of reseller.domains) {
    const previous = known.get(domain);
    // A check looks only at what a start created.
    if (!step.start && !previous) continue;
    const mailFromDomain = previous?.mailFromDomain ?? defaultMailFromDomain(domain);
    const state = await work(provisioner, { domain, mailFromDomain, siteId });
    const record: GoLiveRecord = {
      domain,
      mailFromDomain,
      provider: provisioner.kind,
      region: provisioner.region,
      ...(state.dkimTokens ? { dkimTokens: state.dkimTokens } : {}),
      ...(state.aliasTarget ? { aliasTarget: state.aliasTarget } : {}),
      verification: state.verification,
      startedAt: previous?.startedAt ?? at,
      checkedAt: at,
    };
    await deps.save(siteId, record);
    known.set(domain, record);
  }
  const goLive = answer(siteId, reseller.domains, [...known.values()], deps);
  const state: GoLiveState = goLive.live ? 'live' : 'pending';
  if (step.start || state !== reseller.goLive) {
    const domainStates = Object.fromEntries(goLive.domains.map((d) => [d.domain, d.state]));
    await deps.setGoLive(
      siteId,
      state,
      auditEntry(
        scope.operator,
        'goLive',
        siteId,
        { goLive: reseller.goLive },
        { goLive: state, domains: domainStates },
        scope.now,
      ),
    );
  }
  return goLive;
}

/** Creates what every domain needs (what exists is kept, so a repeat is harmless) and records the cloud's answer. */
export function startGoLive(input: { siteId: string }, scope: Scope, deps: GoLiveDeps = defaults): Promise<GoLive> {
  return forEachDomain(asSiteId(input.siteId), scope, deps, { start: true }, (p, r) => p.start(r));
}

/** Asks the cloud again about every started domain; creates nothing. */
export function checkGoLive(input: { siteId: string }, scope: Scope, deps: GoLiveDeps = defaults): Promise<GoLive> {
  return forEachDomain(asSiteId(input.siteId), scope, deps, { start: false }, (p, r) => p.check(r));
}

/** The toast of a start or a check. */
export const goLiveMessage = (goLive: GoLive, started: boolean): string =>
  goLive.live ? CONSOLE_DOMAINS_MSG.live : started ? CONSOLE_DOMAINS_MSG.started : CONSOLE_DOMAINS_MSG.checked;

// The console Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
// Going live on a reseller's domains (the checklist, the provisioner of the stage).
export const answerGetGoLive = answers(api.getGoLive, (input) => getGoLive(input));
export const answerStartGoLive = answers(api.startGoLive, async (input, scope) => {
  const answer = await startGoLive(input, scope);
  return reply(answer, { message: goLiveMessage(answer, true) });
});
export const answerCheckGoLive = answers(api.checkGoLive, async (input, scope) => {
  const answer = await checkGoLive(input, scope);
  return reply(answer, { message: goLiveMessage(answer, false) });
});
