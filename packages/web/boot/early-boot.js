/*
 * Early boot: runs inline in index.html, before the application's script has even downloaded. It
 * starts in parallel what the app would otherwise ask for one step after another (entry, then
 * language, then route chunks, then the session, then the dashboard):
 * - a modulepreload of the page's language (and its date locale) and, on a dashboard URL, of the
 *   dashboard chunk and its style sheet (and from the desktop width, of the desktop's own chunk);
 * - with a stored, unexpired session: the GET calls the first screen makes (current user, warning
 *   message; on a dashboard URL the views, the dashboard and the tree). Their responses wait in
 *   window.__footfallEarly, and the API client takes each one once (src/lib/early-responses.ts).
 * It must never break the page: any failure leaves the app to load as it would without it.
 * The build (vite.config.ts, earlyBoot plugin) inlines this file and a call with its `config`.
 */
/* exported footfallEarlyBoot */
function footfallEarlyBoot(config) {
  try {
    var path = location.pathname;
    var prefix = /^\/(en|fr|es)(?=\/|$)/i.exec(path);
    var lang = prefix ? prefix[1].toLowerCase() : null;
    if (!lang) {
      var cookie = new RegExp('(?:^|;\\s*)' + config.cookie + '=([^;]*)').exec(document.cookie);
      var saved = cookie ? decodeURIComponent(cookie[1]).slice(0, 2).toLowerCase() : '';
      lang = config.locales[saved] ? saved : 'en';
    }
    var link = function (rel, href, as) {
      if (!href) return;
      var el = document.createElement('link');
      el.rel = rel;
      el.href = href;
      if (as) el.as = as;
      el.crossOrigin = '';
      document.head.appendChild(el);
    };
    (config.locales[lang] || []).forEach(function (href) {
      link('modulepreload', href);
    });
    var dashboard = /^\/(?:(?:en|fr|es)\/)?dashboard\/([0-9a-fA-F-]{36})\/?$/.exec(path);
    if (dashboard) {
      config.dashboard.js.forEach(function (href) {
        link('modulepreload', href);
      });
      config.dashboard.css.forEach(function (href) {
        link('preload', href, 'style');
      });
      // the desktop's shell, side pane and grid: a phone shows the mobile column without them
      var desktop = config.dashboard.desktop;
      if (desktop && window.matchMedia('(min-width:' + desktop.minWidth + 'px)').matches) {
        desktop.js.forEach(function (href) {
          link('modulepreload', href);
        });
        desktop.css.forEach(function (href) {
          link('preload', href, 'style');
        });
      }
    }

    var store = window.localStorage;
    var token = store.getItem('auth._token.local');
    var expires = Date.parse(store.getItem('auth._token_expiration.local') || '');
    // a token about to expire is left to the app, which refreshes it first
    if (!token || !(expires > Date.now() + 30000)) return;
    var responses = {};
    var get = function (url) {
      responses[url] = fetch(url, {
        headers: { accept: 'application/json', authorization: 'Bearer ' + token },
        credentials: 'include',
      });
      // an unused or failed early call must not surface as an unhandled rejection
      responses[url].catch(function () {});
    };
    get('/api/User/Current');
    get('/api/Setting/WarningMessage');
    if (dashboard) {
      get('/api/Dashboard');
      get('/api/Dashboard/' + encodeURIComponent(dashboard[1]));
      get('/api/OrganizationalTree?withAttributes=true');
    }
    window.__footfallEarly = { token: token, at: Date.now(), responses: responses };
  } catch {
    // storage blocked, old browser...: the app loads without the head start
  }
}
