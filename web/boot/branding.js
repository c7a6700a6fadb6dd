// Asks for this domain's branding while the page and the app's code download, on every visit:
// shell.js paints the answer into the boot shell, and the app takes the same answer
// (src/app/site.tsx) instead of asking again. The platform console's page (marked by the server) is no
// site's: it asks for none.
window.__tpBranding =
  document.documentElement.getAttribute('data-app') === 'console'
    ? Promise.resolve(null)
    : fetch('/api/whitelabel/detetct', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'domain-name': location.hostname },
        body: JSON.stringify({ domain: location.hostname }),
      })
        .then((r) => (r.ok ? r.json() : null))
        .catch(() => null);
