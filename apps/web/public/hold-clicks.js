// Holds a click made before the app is interactive; src/main.tsx replays it after hydration.
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
  if (!w.__cinelogReady) document.addEventListener('click', hold, true);
})();
