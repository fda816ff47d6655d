/** How a popup ended: the provider came back to our popup page, with or without an error, or the user closed it. */
export type PopupOutcome = { kind: 'done'; error: string | null } | { kind: 'closed' };
/** Opens `url` in a popup and resolves when it ends (see browserPopup for the browser's one). */
export type PopupOpener = (url: string) => Promise<PopupOutcome>;

export const POPUP_MESSAGE_TYPE = 'cinelog:oauth-popup';

/**
 * The browser's popup: opened at once (inside the click, so it is not blocked), pointed at the
 * provider when the URL is known, and watched for our callback page's message or for closing.
 */
export function browserPopup(win: Window = window): (urlPromise: Promise<string>) => Promise<PopupOutcome> {
  return async (urlPromise) => {
    const popup = win.open('about:blank', 'google-sign-in', 'width=500,height=650');
    if (!popup) return { kind: 'closed' };
    try {
      popup.location.href = await urlPromise;
    } catch (err) {
      popup.close();
      throw err;
    }
    return new Promise<PopupOutcome>((resolve) => {
      const onMessage = (event: MessageEvent) => {
        const data = event.data as { type?: string; error?: string | null } | null;
        if (event.origin !== win.location.origin || data?.type !== POPUP_MESSAGE_TYPE) return;
        cleanup();
        resolve({ kind: 'done', error: data.error ?? null });
      };
      // The callback page posts its message and closes itself at once: the interval may see the
      // popup closed before the message is delivered, so a closed popup counts as "closed" only
      // when no message follows within a second.
      let grace: ReturnType<Window['setTimeout']> | undefined;
      const timer = win.setInterval(() => {
        if (popup.closed && grace === undefined) {
          win.clearInterval(timer);
          grace = win.setTimeout(() => {
            cleanup();
            resolve({ kind: 'closed' });
          }, 1000);
        }
      }, 400);
      const cleanup = () => {
        win.removeEventListener('message', onMessage);
        win.clearInterval(timer);
        if (grace !== undefined) win.clearTimeout(grace);
      };
      win.addEventListener('message', onMessage);
    });
  };
}
