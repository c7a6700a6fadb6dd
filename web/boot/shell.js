/* global tpSite -- set by branding.js, which runs first (in <head>) */
// A returning visitor's boot shell in the site's stored colours, name and logo (text and
// attributes only: the stored branding is data, never markup).
if (tpSite) {
  var palette = tpSite.brandingSettings && tpSite.brandingSettings.theme && tpSite.brandingSettings.theme.palette;
  if (palette && /^#[0-9a-f]{6}$/i.test(palette.primary))
    document.documentElement.style.setProperty('--tp-brand', palette.primary);
  var bootName = document.querySelector('.tp-boot-name');
  bootName.textContent = tpSite.companyName || 'Flight Deals';
  var logo = typeof tpSite.logoUrl === 'string' ? tpSite.logoUrl.trim() : '';
  if (/^(https?:\/\/|\/(?![/\\]))/i.test(logo)) {
    var bootLogo = document.querySelector('.tp-boot-logo');
    bootLogo.src = logo;
    bootLogo.hidden = false;
  }
}
