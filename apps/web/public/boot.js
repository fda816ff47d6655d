// What a page runs before the app: it holds a click, and the shortcut keys, made before the app is
// interactive (src/main.tsx replays them once it has hydrated and read the session) and, on a page
// the server rendered, it starts the app once the first paint's images are on screen (decision 0060).
/* global window, document, requestAnimationFrame */
(function () {
  var w = window;
  /** The longest the app waits for the first paint's images before it starts anyway. */
  var MAX_WAIT_MS = 2000;
  function hold(e) {
    if (w.__cinelogReady) return document.removeEventListener('click', hold, true);
    var t = e.target;
    var el = t && t.closest ? t.closest('button,[role="button"],[role="switch"],[role="tab"]') : null;
    if (!el || el.closest('a[href]') || el.disabled) return;
    e.preventDefault();
    e.stopPropagation();
    w.__cinelogHeldClick = el;
  }
  // Keys typed outside a field (a shortcut such as `g w` or `/`), the last four; a field keeps
  // its own typing.
  function holdKey(e) {
    if (w.__cinelogReady) return document.removeEventListener('keydown', holdKey, true);
    var t = e.target;
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing || !e.key || e.key.length !== 1) return;
    if (t && t.closest && (t.isContentEditable || t.closest('input,textarea,select,[role="textbox"]')))
      return;
    // Held, not shared: once hydrated, the app's own listeners are attached before the session is
    // read, and a key both handled now and replayed later would act twice (`l` liking, then
    // unliking; two toasts for `g w`).
    e.stopImmediatePropagation();
    var keys = (w.__cinelogHeldKeys = w.__cinelogHeldKeys || []);
    keys.push({ key: e.key, target: t });
    if (keys.length > 4) keys.shift();
  }
  if (!w.__cinelogReady) {
    document.addEventListener('click', hold, true);
    document.addEventListener('keydown', holdKey, true);
  }

  // A server-rendered page lists the app's scripts (#app-scripts, written by the API's web pages)
  // instead of loading them, so that the images of its first paint are fetched and painted before
  // anything else. Those images are the page's eager ones (the rest load lazily); once each has
  // loaded or failed, or after MAX_WAIT_MS, and a frame later, the scripts are asked for.
  function startApp() {
    var block = document.getElementById('app-scripts');
    if (!block || w.__cinelogStarting) return;
    w.__cinelogStarting = true;
    var list;
    try {
      list = JSON.parse(block.textContent);
    } catch {
      return;
    }
    var started = false;
    function load() {
      var head = document.head;
      for (var i = 0; i < list.modules.length; i++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = 'anonymous';
        link.href = list.modules[i];
        head.appendChild(link);
      }
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = 'anonymous';
      script.src = list.entry;
      head.appendChild(script);
    }
    function go() {
      if (started) return;
      started = true;
      // A hidden tab paints no frames: it starts at once.
      if (document.visibilityState === 'hidden') return load();
      requestAnimationFrame(function () {
        setTimeout(load, 0);
      });
    }
    var pending = 0;
    function done() {
      if (--pending === 0) go();
    }
    var images = document.querySelectorAll('#root img:not([loading="lazy"])');
    for (var i = 0; i < images.length; i++) {
      if (images[i].complete) continue;
      pending++;
      images[i].addEventListener('load', done);
      images[i].addEventListener('error', done);
    }
    if (pending === 0) go();
    else setTimeout(go, MAX_WAIT_MS);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startApp);
  else startApp();
})();
