// Loads the app once the boot shell is on screen, so the first paint never waits on (or shares the
// connection with) the app's code: after the next frame it adds the app's stylesheets (preloaded;
// main.tsx applies them), the opened URL's screen's stylesheets (see screenStyles) and the entry
// module, then modulepreloads for the entry's chunks and for that screen (the login screen for a
// guarded page without a stored user). vite.config.ts writes these files into the JSON block before
// this script. Storage errors (private mode) only cost the screen's preload.
(function (m) {
  var user = null;
  try {
    user = JSON.parse(localStorage.getItem('tp.user'));
  } catch {
    // private mode: as signed out
  }
  // Settles when a screen's preview is on screen with its picture, or cannot be (see below).
  var previewed = null;
  var settlePreview = function () {};
  var path = location.pathname.slice(m.base.length - 1) || '/';
  var screen = [];
  for (var i = 0; i < m.routes.length; i++) {
    var r = m.routes[i];
    if (new RegExp(r[0]).test(path)) {
      screen = r[1] === 'public' || user ? r[2] : m.login;
      if (r[3] && user && !location.search) read(r[3]);
      break;
    }
  }
  // The screen's first read (SpaRoute.bootRead), asked now, beside the app's code: the app's client takes this
  // answer (src/api/boot-reads.ts). The picture the screen paints largest is preloaded once the answer names it,
  // and the screen's first cards are painted in the boot shell (preview) while the app's code is on its way.
  function read(spec) {
    var site = null;
    try {
      site = JSON.parse(localStorage.getItem('tp.site'));
    } catch {
      // private mode: the domain names the site
    }
    var headers = { accept: 'application/json', 'domain-name': location.hostname };
    if (site && site._id) headers['site-id'] = site._id;
    var reads = (window.__tpBootReads = window.__tpBootReads || {});
    if (spec.preview)
      previewed = new Promise(function (done) {
        settlePreview = done;
      });
    reads[spec.url] = fetch(spec.url, { headers: headers, credentials: 'include' }).then(function (res) {
      if (!res.ok) settlePreview();
      else
        res
          .clone()
          .json()
          .then(function (body) {
            if (!body || !body.success) return settlePreview();
            // Parsed once: the app's first render draws from it (src/api/boot-reads.ts bootAnswer).
            (window.__tpBootAnswers = window.__tpBootAnswers || {})[spec.url] = body;
            var src = at(body, spec.image);
            if (typeof src === 'string') {
              var l = document.createElement('link');
              l.rel = 'preload';
              l.as = 'image';
              l.href = src;
              l.setAttribute('fetchpriority', 'high');
              document.head.appendChild(l);
            }
            if (spec.preview) preview(spec.preview, body);
          })
          .catch(settlePreview);
      return res;
    }, settlePreview);
  }
  function at(v, path) {
    if (!path) return undefined;
    var steps = path.split('.');
    for (var s = 0; s < steps.length && v; s++) v = v[steps[s]];
    return v;
  }
  // The heading and the first row of cards (three at most: the stylesheet shows one, two or three by width, as the
  // app does), text and attributes only. Nothing once the app has rendered: the boot shell is gone then.
  function preview(p, body) {
    var shell = document.querySelector('.tp-boot');
    var cards = at(body, p.cards);
    if (!shell || !cards || !cards.length) return settlePreview();
    var section = document.createElement('section');
    section.className = 'tp-boot-preview';
    section.setAttribute('aria-hidden', 'true');
    var heading = document.createElement('h1');
    heading.textContent = p.heading;
    var intro = document.createElement('p');
    intro.className = 'tp-boot-intro';
    intro.textContent = p.intro;
    var row = document.createElement('div');
    row.className = 'tp-boot-cards';
    for (var i = 0; i < cards.length && i < 3; i++) {
      var card = document.createElement('div');
      card.className = 'tp-boot-card';
      var src = at(cards[i], p.picture);
      var picture = document.createElement(typeof src === 'string' ? 'img' : 'div');
      picture.className = 'tp-boot-picture';
      if (typeof src !== 'string') picture.textContent = String(at(cards[i], p.placeholder) || '');
      else {
        // The first picture is the one the page waits for (the app's code follows it, see the end).
        if (i === 0) picture.onload = picture.onerror = settlePreview;
        picture.alt = '';
        picture.src = src;
        picture.setAttribute('fetchpriority', 'high');
      }
      var title = document.createElement('p');
      title.textContent = String(at(cards[i], p.title) || '');
      card.appendChild(picture);
      card.appendChild(title);
      row.appendChild(card);
    }
    section.appendChild(heading);
    section.appendChild(intro);
    section.appendChild(row);
    var main = shell.querySelector('.tp-boot-main');
    main.insertBefore(section, main.querySelector('footer'));
    shell.querySelector('.tp-boot-loader').hidden = true;
    if (typeof at(cards[0], p.picture) !== 'string') settlePreview();
  }
  // rel: 'preload' (the entry's stylesheets, applied by main.tsx: they style the whole page),
  // 'stylesheet' or 'modulepreload'.
  function add(file, rel) {
    var l = document.createElement('link');
    l.rel = rel;
    if (rel === 'preload') l.as = 'style';
    l.crossOrigin = '';
    l.href = m.base + file;
    document.head.appendChild(l);
    return l;
  }
  function start() {
    for (var s = 0; s < m.entry.styles.length; s++)
      add(m.entry.styles[s], 'preload').setAttribute('data-app-styles', '');
    var styles = [];
    var files = m.entry.modules.slice();
    var seen = {};
    for (var j = 0; j < screen.length; j++) {
      if (seen[screen[j]]) continue;
      seen[screen[j]] = 1;
      var file = m.files[screen[j]];
      (file.slice(-4) === '.css' ? styles : files).push(file);
    }
    // The screen's stylesheets, then the entry module (main.tsx looks for those stylesheets when it
    // runs), then the chunks' preloads: a few links per task. Each link starts a fetch (a stylesheet
    // also schedules a style pass), and the ~80 of the results screen in one or two tasks blocked the
    // page for 150 ms on a 4x-slowed phone.
    var steps = [];
    for (var c = 0; c < styles.length; c++) steps.push([styles[c], 'stylesheet']);
    steps.push(null);
    for (var f = 0; f < files.length; f++) steps.push([files[f], 'modulepreload']);
    (function next(from) {
      for (var k = from; k < steps.length && k < from + 4; k++) {
        if (!steps[k]) entryScript();
        else if (steps[k][1] === 'stylesheet') screenStyles(add(steps[k][0], 'stylesheet'));
        else add(steps[k][0], 'modulepreload');
      }
      if (k < steps.length) setTimeout(next, 0, k);
    })(0);
  }
  function entryScript() {
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = m.base + m.entry.script;
    document.head.appendChild(app);
  }
  // The screen's stylesheets apply at once, before the app can import the screen: each is parsed in
  // its own task as it arrives (their classes are scoped, so the boot shell does not change). Only
  // preloaded, they were all parsed in one long task when the app imported the screen (Vite's helper
  // adds them as stylesheets then; it skips those already in the document). main.tsx puts the
  // entry's before them and waits for all (data-done) before React's first render.
  function screenStyles(l) {
    l.setAttribute('data-screen-styles', '');
    l.onload = l.onerror = function () {
      l.setAttribute('data-done', '');
    };
  }
  // A frame, then a task: after the paint. A hidden page gets no frames: it starts at once. A screen with a preview
  // starts the app's code once its first row is on screen with the first picture (a phone's connection carries
  // what the user sees first, then the code), or after a second at most: a slow read does not hold the app back.
  var started = false;
  function begin() {
    if (started) return;
    started = true;
    start();
  }
  function afterPreview() {
    if (!previewed) return begin();
    previewed.then(begin);
    setTimeout(begin, 1000);
  }
  if (document.visibilityState === 'hidden') begin();
  else
    requestAnimationFrame(function () {
      setTimeout(afterPreview, 0);
    });
})(JSON.parse(document.getElementById('tp-app-map').textContent));
