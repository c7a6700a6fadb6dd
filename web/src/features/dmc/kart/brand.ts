import type { TSiteDetails } from '@tp/contracts/site';
import { brandName } from '#app/site.tsx';
import type { QuotationBrand } from './QuotationDocument.tsx';

type SiteBranding = Pick<TSiteDetails, 'companyName' | 'logoUrl' | 'adminContact' | 'adminEmail'>;

/**
 * Who a quotation is from. The site's name, logo and contact; with agent branding (dmc.md §2 "agency or no
 * branding") none of the site's: the agent's name when known (staff print view: the kart's customer), else an
 * unbranded document the agent passes on as their own.
 */
export function quotationBrand(site: SiteBranding | null, agentBranding: boolean, agentName?: string): QuotationBrand {
  if (agentBranding) return { name: agentName ?? '' };
  return {
    name: brandName(site),
    logoUrl: site?.logoUrl,
    contact: [site?.adminContact, site?.adminEmail].filter(Boolean).join(' · '),
  };
}
