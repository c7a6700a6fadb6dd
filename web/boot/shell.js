// Paints the boot shell in the site's branding before the app runs: colours, name and logo (text and
// attributes only), and the site's header and footer html. That html is set as it is: the server
// sanitised it when the site was saved and again in every answer (functions/src/site/sanitize.ts).
// A returning visitor's shell is painted at once from the stored branding; the answer that
// branding.js asked for repaints what changed, and is a first visit's only source.
(function (shell) {
  var painted = {};
  function html(part, value) {
    value = typeof value === 'string' ? value : '';
    if (painted[part] === value) return;
    painted[part] = value;
    var el = shell.querySelector('[data-site-html="' + part + '"]');
    el.innerHTML = value;
    el.hidden = !value;
  }
  function paint(site) {
    // Once the app has rendered, the boot shell is gone and the app paints the branding itself.
    if (!shell.isConnected) return;
    var palette = site.brandingSettings && site.brandingSettings.theme && site.brandingSettings.theme.palette;
    if (palette && /^#[0-9a-f]{6}$/i.test(palette.primary))
      document.documentElement.style.setProperty('--tp-brand', palette.primary);
    shell.querySelector('.tp-boot-name').textContent = site.companyName || 'Flight Deals';
    var logo = typeof site.logoUrl === 'string' ? site.logoUrl.trim() : '';
    var bootLogo = shell.querySelector('.tp-boot-logo');
    if (/^(https?:\/\/|\/(?![/\\]))/i.test(logo)) bootLogo.src = logo;
    else bootLogo.removeAttribute('src');
    bootLogo.hidden = !bootLogo.hasAttribute('src');
    html('header', site.headerHtml);
    html('footer', site.footerHtml);
  }
  var stored = null;
  try {
    stored = JSON.parse(localStorage.getItem('tp.site'));
  } catch {
    // Storage unavailable (private mode): as a first visit.
  }
  if (stored) paint(stored);
  window.__tpBranding.then(function (answer) {
    if (answer && answer.success && answer.result) paint(answer.result);
  });
})(document.querySelector('.tp-boot'));
