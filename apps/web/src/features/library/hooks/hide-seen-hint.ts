// Its own module: the entry reads it before the first render (src/main.tsx), without the rest of
// the feature.

/**
 * Whether hiding was on the last time this browser knew (a hint, not the truth): with it, lists
 * wait for the session and the settings instead of showing the hidden films for a moment first.
 * Without it (every visitor who never turned it on), lists load at once.
 */
const HINT = 'cinelog.hide-seen';

export const hideSeenHint = () => {
  try {
    return localStorage.getItem(HINT) === '1';
  } catch {
    return false;
  }
};
export const writeHideSeenHint = (on: boolean) => {
  try {
    if (on) localStorage.setItem(HINT, '1');
    else localStorage.removeItem(HINT);
  } catch {
    // Private mode: only the short flash the hint avoids.
  }
};
