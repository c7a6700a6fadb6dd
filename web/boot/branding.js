// Ask for this domain's branding while the app's code downloads: a first visit paints only once
// it arrives. The app takes this answer once (src/app/site.tsx) and otherwise calls as usual.
var tpSite = null;
try {
  tpSite = JSON.parse(localStorage.getItem('tp.site'));
} catch {
  // Storage unavailable (private mode): a first visit, then.
}
if (!tpSite)
  window.__tpBranding = fetch('/api/whitelabel/detetct', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'domain-name': location.hostname },
    body: JSON.stringify({ domain: location.hostname }),
  })
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
