/**
 * Google sign-in against the Auth emulator needs Google's `gapi.iframes`
 * loader from apis.google.com (the SDK and the emulator's relay iframe both
 * load it), which is unreachable offline. This stub implements the handful
 * of calls they make, over postMessage, and is served in place of the real
 * script so the emulator's popup flow works with no network.
 */
import type { BrowserContext } from '@playwright/test';

const GAPI_STUB = String.raw`(function () {
  if (window.gapi && window.gapi.__stub) return;
  var FILTER = function () { return true; };
  var seq = 0;
  // Like gapi, callers' callbacks must not break the messaging: report their errors as warnings.
  // (The emulator's relay iframe reads sessionStorage, which Chromium denies to third-party frames;
  // the SDK's web-storage callback always throws after answering.)
  function safely(fn) {
    try { return fn(); } catch (error) { console.warn('[gapi stub] callback failed:', String(error)); }
  }

  function channel(target) {
    var handlers = {};
    var queued = {};
    var replies = {};
    var ready = false;
    var readyWaiters = [];
    function markReady() {
      ready = true;
      readyWaiters.splice(0).forEach(function (fn) { fn(); });
    }
    window.addEventListener('message', function (e) {
      var d = e.data;
      if (!d || !d.__gapiStub || e.source !== target()) return;
      if (d.kind === 'hello') { markReady(); return; }
      if (d.kind === 'reply') {
        var cb = replies[d.id];
        delete replies[d.id];
        if (cb) safely(function () { cb(d.responses); });
        return;
      }
      if (d.kind === 'send') {
        var answer = function (handler) {
          e.source.postMessage({ __gapiStub: 1, kind: 'reply', id: d.id, responses: [safely(function () { return handler(d.data); })] }, '*');
        };
        if (handlers[d.name]) answer(handlers[d.name]);
        else (queued[d.name] = queued[d.name] || []).push(answer);
      }
    });
    return {
      register: function (name, handler) {
        handlers[name] = handler;
        (queued[name] || []).splice(0).forEach(function (answer) { answer(handler); });
      },
      send: function (name, data, cb) {
        var id = 's' + ++seq + '-' + Math.random();
        replies[id] = cb || function () {};
        target().postMessage({ __gapiStub: 1, kind: 'send', name: name, data: data, id: id }, '*');
      },
      restyle: function () { return Promise.resolve(); },
      ping: function (cb) {
        return new Promise(function (resolve) {
          var done = function () { if (cb) cb(); resolve(); };
          if (ready) done(); else readyWaiters.push(done);
        });
      },
      hello: function () { target().postMessage({ __gapiStub: 1, kind: 'hello' }, '*'); },
    };
  }

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attrs = options.attributes || {};
      Object.keys(attrs).forEach(function (key) {
        if (key === 'style') Object.assign(frame.style, attrs.style);
        else frame.setAttribute(key, attrs[key]);
      });
      var wrapped = channel(function () { return frame.contentWindow; });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      return onOpen(wrapped);
    },
    getParentIframe: function () {
      var parentChannel = channel(function () { return window.parent; });
      parentChannel.hello();
      return parentChannel;
    },
  };

  window.gapi = {
    __stub: true,
    load: function (_name, options) {
      var cb = typeof options === 'function' ? options : options && options.callback;
      if (cb) safely(cb);
    },
    iframes: { CROSS_ORIGIN_IFRAMES_FILTER: FILTER, getContext: function () { return context; } },
  };

  var src = document.currentScript && document.currentScript.src;
  var onload = src ? new URL(src).searchParams.get('onload') : null;
  if (onload && typeof window[onload] === 'function') safely(window[onload]);
  if (typeof window.gapi_onload === 'function') safely(window.gapi_onload);
})();`;

/** Serves the stub for every page, popup and iframe of the context. */
export async function installGapiStub(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STUB }),
  );
}
