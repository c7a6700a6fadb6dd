import type { TSharedQuotation } from '@tp/contracts/endpoints/kart';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import { brandName } from '#shared/site.tsx';
import type { QuotationBrand } from './QuotationDocument.tsx';

type SiteBranding = Pick<TSiteDetails, 'companyName' | 'logoUrl' | 'adminContact' | 'adminEmail'>;

const contactOf = (b: Pick<SiteBranding, 'adminContact' | 'adminEmail'> | null) =>
  [b?.adminContact, b?.adminEmail].filter(Boolean).join(' · ');

/**
 * Who a quotation is from. The site's name, logo and contact; with agent branding (dmc.md §2 "agency or no
 * branding") none of the site's: the agent's name when known (staff print view: the kart's customer), else an
 * unbranded document the agent passes on as their own.
 */
export function quotationBrand(site: SiteBranding | null, agentBranding: boolean, agentName?: string): QuotationBrand {
  if (agentBranding) return { name: agentName ?? '' };
  return { name: brandName(site), logoUrl: site?.logoUrl, contact: contactOf(site) };
}

/** A shared quotation's brand: the agent's branding as the share carries it, else the site's. */
export function sharedBrand(shared: Pick<TSharedQuotation, 'brandedBy' | 'branding' | 'quotation'>): QuotationBrand {
  const b = shared.branding;
  if (shared.brandedBy === 'agent') return { name: b.companyName, logoUrl: b.logoUrl || null, contact: contactOf(b) };
  return quotationBrand(b, shared.quotation.isAgentBranding);
}
