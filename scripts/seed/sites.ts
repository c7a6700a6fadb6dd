/** Demo reseller sites: different branding side by side, one consumer site supplied by another. */
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { DEFAULT_SITE_TIME_ZONE, type SiteRecord } from '../../functions/src/lib/tenancy.ts';

const popupOff = { enabled: false, title: '', html: '', delaySeconds: 0 };
const allSsr = { baggage: true, meal: true, seat: true };

export const DEMO_SITES: (SiteRecord & { extraDomains: string[] })[] = [
  {
    siteId: asSiteId('site-flightdeals'),
    _id: 'site-flightdeals',
    ownerLegalEntityId: 'le-flightdeals',
    companyName: 'Flight Deals',
    logoUrl: '/app/brand/flightdeals.svg',
    faviconImage: '/app/brand/flightdeals-favicon.svg',
    adminContact: '+91 98765 43210',
    adminEmail: 'admin@flightdeals.localhost',
    domain: 'flightdeals.localhost',
    extraDomains: ['localhost', '127.0.0.1'],
    // A partner's own booking page allowed to post to this site's API (lib/origin-guard.ts).
    allowedOrigins: ['https://book.flightdeals-partner.example'],
    gtm_tag: '',
    scriptUrls: [],
    brandingSettings: {
      theme: { palette: { primary: '#1c64f2', secondary: '#f59e0b' } },
      lockMode: { enabled: false, lockedRoutes: [] },
      popupSettings: popupOff,
      ssrElements: allSsr,
    },
    wlMeta: {
      canShowPermissionMenu: true,
      googleAuthClientId: 'demo-google-client.apps.googleusercontent.com',
      facebookAppId: '100200300',
    },
    headerHtml:
      '<div class="wl-header"><strong>Flight Deals</strong> &middot; 24x7 support <a href="tel:+919876543210">+91 98765 43210</a></div>',
    footerHtml:
      '<div class="wl-footer">&copy; Flight Deals Travel Pvt Ltd &middot; <a href="/app/terms_and_conditions">Terms</a> &middot; <a href="/app/privacy_policy">Privacy</a></div>',
    modules: ['flights', 'packages', 'activities', 'DMC', 'FlightsForm', 'VisaEnquiry'],
    coreSiteUrl: '',
    isTestHost: true,
    timeZone: DEFAULT_SITE_TIME_ZONE,
    // Head tags of the landing and sign-in pages (staff edit them on /staff/setting/seo-settings).
    seo: [
      {
        page: '/',
        title: 'Cheap flights and holidays',
        description: 'Book flights, holidays and activities with Flight Deals: fares from every airline, 24x7 support.',
        keywords: 'cheap flights, flight booking, holidays, Dubai packages',
        image: '/app/brand/flightdeals.svg',
      },
      {
        page: '/login',
        title: 'Sign in',
        description: 'Sign in to book and manage your trips.',
        keywords: '',
        image: '',
      },
    ],
  },
  {
    siteId: asSiteId('site-skyway'),
    _id: 'site-skyway',
    ownerLegalEntityId: 'le-skyway',
    companyName: 'SkyWay Travels',
    logoUrl: '/app/brand/skyway.svg',
    faviconImage: '/app/brand/skyway-favicon.svg',
    adminContact: '+91 91234 56780',
    adminEmail: 'admin@skyway.localhost',
    domain: 'skyway.localhost',
    extraDomains: [],
    gtm_tag: '',
    scriptUrls: [],
    brandingSettings: {
      theme: { palette: { primary: '#0f766e', secondary: '#e11d48' } },
      // The whole site is locked (empty list): visitors must sign in before anything but the entry pages.
      lockMode: { enabled: true, lockedRoutes: [] },
      popupSettings: popupOff,
      ssrElements: { baggage: true, meal: true, seat: false },
    },
    wlMeta: { canShowPermissionMenu: false },
    headerHtml: '<div class="wl-header">SkyWay Travels &mdash; fly further for less</div>',
    footerHtml: '<div class="wl-footer">&copy; SkyWay Travels LLP</div>',
    modules: ['flights', 'Hotels'],
    coreSiteUrl: '',
    isTestHost: true,
    timeZone: DEFAULT_SITE_TIME_ZONE,
  },
  {
    siteId: asSiteId('site-partner'),
    _id: 'site-partner',
    ownerLegalEntityId: 'le-partner',
    companyName: 'Partner Holidays',
    logoUrl: '/app/brand/partner.svg',
    faviconImage: '/app/brand/partner-favicon.svg',
    adminContact: '+91 99887 76655',
    adminEmail: 'admin@partner.localhost',
    domain: 'partner.localhost',
    extraDomains: [],
    gtm_tag: '',
    scriptUrls: [],
    brandingSettings: {
      theme: { palette: { primary: '#7c3aed', secondary: '#0ea5e9' } },
      lockMode: { enabled: false, lockedRoutes: [] },
      popupSettings: popupOff,
      ssrElements: allSsr,
    },
    wlMeta: { canShowPermissionMenu: true },
    headerHtml: '<div class="wl-header">Partner Holidays</div>',
    footerHtml: '<div class="wl-footer">&copy; Partner Holidays</div>',
    modules: ['flights'],
    coreSiteUrl: '',
    isTestHost: true,
    timeZone: DEFAULT_SITE_TIME_ZONE,
  },
];

/** The demo sites' policy pages: the text every new site starts with (the console's onboarding writes the same). */
export { defaultPolicyHtml as policyHtml } from '../../functions/src/site/index.ts';
