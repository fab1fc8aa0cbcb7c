import type { BrowserContext } from '@playwright/test';

/**
 * Firebase Auth's popup flow and the Auth emulator's helper iframe both load Google's gapi
 * (https://apis.google.com/js/api.js) to talk across windows. This machine has no internet, so
 * the browser tests serve this minimal stand-in: just the gapi.iframes calls the two sides use
 * (open, register, send, ping, getParentIframe), over window.postMessage. Everything else (the
 * SDK, the emulator's account page, the emulator's token exchange) is the real thing.
 */
const GAPI_STUB = `(function () {
  var handlers = {}, queued = {}, callbacks = {}, seq = 0;
  function deliver(name, data, reply) {
    var h = handlers[name];
    if (!h) { (queued[name] = queued[name] || []).push([data, reply]); return; }
    Promise.resolve(h(data)).then(function (r) { reply([r]); });
  }
  window.addEventListener('message', function (e) {
    var m = e.data;
    if (!m || m.__gapiStub !== 1) return;
    if (m.kind === 'req') deliver(m.name, m.data, function (result) { e.source.postMessage({ __gapiStub: 1, kind: 'res', id: m.id, result: result }, '*'); });
    else if (m.kind === 'res' && callbacks[m.id]) { var cb = callbacks[m.id]; delete callbacks[m.id]; cb(m.result); }
  });
  function channel(getTarget, ready) {
    return {
      register: function (name, fn) {
        handlers[name] = fn;
        (queued[name] || []).splice(0).forEach(function (q) { deliver(name, q[0], q[1]); });
      },
      send: function (name, data, cb) {
        return ready.then(function () {
          var id = ++seq;
          if (cb) callbacks[id] = cb;
          getTarget().postMessage({ __gapiStub: 1, kind: 'req', name: name, data: data, id: id }, '*');
        });
      },
      ping: function (cb) { return ready.then(function () { if (cb) cb(); }); },
      restyle: function () { return Promise.resolve(); },
    };
  }
  var context = {
    open: function (opts, whenReady) {
      var frame = document.createElement('iframe');
      frame.src = opts.url;
      frame.style.display = 'none';
      var ready = new Promise(function (resolve) { frame.addEventListener('load', resolve); });
      (opts.where || document.body).appendChild(frame);
      return whenReady(channel(function () { return frame.contentWindow; }, ready));
    },
    getParentIframe: function () { return channel(function () { return window.parent; }, Promise.resolve()); },
  };
  window.gapi = {
    load: function (_name, opts) { setTimeout(typeof opts === 'function' ? opts : opts.callback, 0); },
    iframes: { CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; }, Iframe: function () {}, getContext: function () { return context; } },
  };
  var src = document.currentScript && document.currentScript.src;
  var onload = src && /[?&]onload=([^&]+)/.exec(src);
  if (onload && typeof window[onload[1]] === 'function') setTimeout(window[onload[1]], 0);
  if (typeof window.gapi_onload === 'function') setTimeout(window.gapi_onload, 0);
})();`;

export async function serveGapiStub(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: GAPI_STUB }));
  // Web fonts of the emulator's account page: not reachable offline, not needed.
  await context.route(/https:\/\/fonts\.(googleapis|gstatic)\.com\/.*/, (route) => route.abort());
}
