// Holds a click, and the shortcut keys, made before the app is interactive; src/main.tsx replays
// them once it has hydrated and read the session.
/* global window, document */
(function () {
  var w = window;
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
})();
