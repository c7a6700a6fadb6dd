// Modulepreloads the opened URL's screen during head parsing (vite.config.ts writes the route map
// into the JSON block before this script); storage errors (private mode) only cost the preload.
(function (m) {
  var user = null;
  try {
    user = JSON.parse(localStorage.getItem('tp.user'));
  } catch {
    // private mode: as signed out
  }
  var path = location.pathname.slice(m.base.length - 1) || '/';
  var want = [];
  for (var i = 0; i < m.routes.length; i++) {
    var r = m.routes[i];
    if (new RegExp(r[0]).test(path)) {
      want = r[1] === 'public' || user ? r[2] : m.login;
      break;
    }
  }
  if (user) want = want.concat(m.account);
  var done = {};
  for (var j = 0; j < want.length; j++) {
    if (done[want[j]]) continue;
    done[want[j]] = 1;
    var l = document.createElement('link'),
      css = m.files[want[j]].slice(-4) === '.css';
    l.rel = css ? 'preload' : 'modulepreload';
    if (css) l.as = 'style';
    l.crossOrigin = '';
    l.href = m.base + m.files[want[j]];
    document.head.appendChild(l);
  }
})(JSON.parse(document.getElementById('tp-preload-map').textContent));
