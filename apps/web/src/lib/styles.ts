/**
 * The whole site's stylesheet (src/index.css). A page's HTML carries first-paint.css only (the
 * shell's and the server-rendered pages' classes); a screen or a layer outside it loads this
 * beside its code, on first use, once (decision 0088). Vite's preload waits for the stylesheet
 * before the code runs, so nothing renders unstyled.
 */
let loaded: Promise<unknown> | undefined;
export const loadStyles = () => (loaded ??= import('../index.css'));

/** `load` (a dynamic import), settled once the whole stylesheet is in the page too. */
export const withStyles =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), loadStyles()]).then(([m]) => m);
