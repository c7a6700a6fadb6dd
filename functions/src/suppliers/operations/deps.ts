/** What the supplier-link operations share: their dependencies (faked in unit tests) and scope. */
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import { phoneFromInternational } from '@tp/domain/phone';
import { SUPPLIER_CATEGORIES, SUPPLIER_PAGE_SIZE, type SupplierCategory } from '@tp/contracts/endpoints/suppliers';
import { newId } from '#lib/crypto';
import { type AppError } from '#lib/errors';
import type { Principal } from '#lib/principal';
import { siteByDomain, siteById, type SiteRecord } from '#lib/tenancy';
import { legalEntityGroup } from '../../markup/index.ts';
import { createAccount, createHandoffToken, getUser } from '../../users/index.ts';
import * as repo from '../repo.ts';
import type { SiteSnapshot } from '../repo.ts';
import type { SiteId } from '#lib/keys';

export interface SuppliersDeps {
  repo: typeof repo;
  siteById: (siteId: SiteId) => Promise<SiteRecord | null>;
  siteByDomain: (domain: string) => Promise<SiteRecord | null>;
  /** The users domain: read people, find or open the partner account, hand a session over. */
  users: {
    getUser: typeof getUser;
    createPartnerAccount: (
      site: SiteRecord,
      consumerSiteId: SiteId,
      consumer: SiteSnapshot,
      now: Date,
    ) => Promise<PartnerAccount>;
    createHandoffToken: (siteId: SiteId, userId: string, now: Date) => Promise<string>;
  };
  /** The customer group mapped to a legal entity of the site (the groups work owns groups); null = default. */
  mappedGroup: (site: SiteRecord, legalEntityId: string) => Promise<{ groupId: string; groupName: string } | null>;
  newId: () => string;
}

export const defaultDeps: SuppliersDeps = {
  repo,
  siteById: (id) => siteById(id),
  siteByDomain: (domain) => siteByDomain(domain),
  users: {
    getUser,
    // A B2B account: the consumer buys from the supplier like an agency, under its own legal entity.
    // Bound to the link (partnerOfSiteId): no password and no email guard, so it is entered through
    // jump login only. Its primary phone is the consumer's admin contact when that is a valid number
    // not already used on the supplier site (phones are unique per site), so the sign-in does not stop
    // at the phone-verification dialog.
    createPartnerAccount: async (site, consumerSiteId, consumer, now) => {
      const phone = phoneFromInternational(consumer.adminContact);
      const create = (withPhone: boolean) =>
        createAccount(
          { site, now },
          {
            userType: 'travelAgent',
            email: consumer.adminEmail,
            firstName: consumer.companyName,
            lastName: '',
            companyName: consumer.companyName,
            phoneNumbers: withPhone && phone ? [{ label: 'Primary', ...phone }] : [],
            status: 'verified',
            partnerOfSiteId: consumerSiteId,
          },
        );
      const user = await create(true).catch((err: unknown) => {
        if (phone && (err as AppError).fields?.phone) return create(false);
        throw err;
      });
      return { userId: user.userId, legalEntityId: user.legalEntityId };
    },
    createHandoffToken: (siteId, userId, now) => createHandoffToken(siteId, userId, now),
  },
  mappedGroup: async (site, legalEntityId) => {
    const group = await legalEntityGroup(site, legalEntityId);
    return group?.isMapped ? { groupId: group.groupId, groupName: group.groupName } : null;
  },
  newId,
};

/** A consumer's partner account on a supplier site and the legal entity the supplier bills. */
export interface PartnerAccount {
  userId: string;
  legalEntityId: string;
}

/** The calling site and the request's clock. */
export interface Scope {
  site: SiteRecord;
  now: Date;
}

export const actorRef = (p: Principal) => ({ userId: p.userId, email: p.email });

export function snapshot(
  site: Pick<TSiteDetails, 'companyName' | 'domain' | 'logoUrl' | 'adminEmail' | 'adminContact'>,
): SiteSnapshot {
  return {
    companyName: site.companyName,
    domain: site.domain,
    logoUrl: site.logoUrl,
    adminEmail: site.adminEmail.toLowerCase(),
    adminContact: site.adminContact,
  };
}

export function pageOf<T>(rows: T[], page: number) {
  const totalPages = Math.ceil(rows.length / SUPPLIER_PAGE_SIZE);
  return {
    records: rows.slice((page - 1) * SUPPLIER_PAGE_SIZE, page * SUPPLIER_PAGE_SIZE),
    totalRecords: rows.length,
    totalPages,
    page,
  };
}

export const categories = (): SupplierCategory[] => [...SUPPLIER_CATEGORIES];
