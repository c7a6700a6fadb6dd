// Loads the app once the boot shell is on screen, so the first paint never waits on (or shares the
// connection with) the app's code: after the next frame it adds the app's stylesheets (preloaded;
// main.tsx applies them) and the entry module, then modulepreloads for the entry's chunks and for the
// opened URL's screen (the login screen for a guarded page without a stored user). vite.config.ts
// writes these files into the JSON block before this script. Storage errors (private mode) only cost
// the screen's preload.
(function (m) {
  var user = null;
  try {
    user = JSON.parse(localStorage.getItem('tp.user'));
  } catch {
    // private mode: as signed out
  }
  var path = location.pathname.slice(m.base.length - 1) || '/';
  var screen = [];
  for (var i = 0; i < m.routes.length; i++) {
    var r = m.routes[i];
    if (new RegExp(r[0]).test(path)) {
      screen = r[1] === 'public' || user ? r[2] : m.login;
      break;
    }
  }
  function add(file, rel) {
    var l = document.createElement('link');
    var css = file.slice(-4) === '.css';
    l.rel = css ? 'preload' : rel;
    if (css) l.as = 'style';
    l.crossOrigin = '';
    l.href = m.base + file;
    document.head.appendChild(l);
    return l;
  }
  function start() {
    for (var s = 0; s < m.entry.styles.length; s++) add(m.entry.styles[s]).setAttribute('data-app-styles', '');
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = m.base + m.entry.script;
    document.head.appendChild(app);
    // Then the chunks' preloads, a few per task: each link starts a fetch, and the ~50 of a big screen
    // in one task would block the page for tens of milliseconds on a slow phone.
    var files = m.entry.modules.slice();
    var seen = {};
    for (var j = 0; j < screen.length; j++) {
      if (seen[screen[j]]) continue;
      seen[screen[j]] = 1;
      files.push(m.files[screen[j]]);
    }
    (function next(from) {
      for (var k = from; k < files.length && k < from + 4; k++) add(files[k], 'modulepreload');
      if (k < files.length) setTimeout(next, 0, k);
    })(0);
  }
  // A frame, then a task: after the paint. A hidden page gets no frames: it starts at once.
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})(JSON.parse(document.getElementById('tp-app-map').textContent));
