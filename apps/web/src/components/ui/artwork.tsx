import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ImageSize } from '../../lib/config';
import { useConfigData } from '../../lib/config-provider';

/** A path of the generated offline art (`/poster-{id}.svg`), which only our server has. */
const GENERATED = /^\/(poster|backdrop)-\d+\.svg$/;

/**
 * Whether the image CDN answers at all in this tab. A page of posters whose first ones all fail
 * (no internet, a blocked CDN) sends the rest straight to the generated art instead of waiting for
 * each to fail; once one CDN image has loaded, each image only falls back on its own failure.
 */
const cdn = { loaded: 0, failed: 0, probe: 'none' as 'none' | 'running' | 'up' | 'down' };
const CDN_GIVE_UP_AFTER = 3;
const cdnLooksDown = () => cdn.loaded === 0 && cdn.failed >= CDN_GIVE_UP_AFTER;

/** For tests: forget what this tab learnt about the CDN. */
export const resetCdnState = () => {
  cdn.loaded = 0;
  cdn.failed = 0;
  cdn.probe = 'none';
  probesFailed = 0;
  probed.clear();
};

/**
 * When the server could not reach the CDN, images start as generated art and the tab tries the
 * CDN with the first images it would have shown (one at a time, at most three: a CDN may lack
 * one); if one loads (the visitor has internet, the server's egress is blocked), every image on
 * the page switches to the CDN, that one already cached. So an install without internet makes up
 * to three failed requests per tab instead of one per poster.
 */
const CDN_PROBES = 3;
let probesFailed = 0;
const probed = new Set<string>();
const probeListeners = new Set<() => void>();
const onProbe = (l: () => void) => {
  probeListeners.add(l);
  return () => void probeListeners.delete(l);
};
function probeCdn(src: string) {
  if (cdn.probe !== 'none' || probed.has(src)) return;
  probed.add(src);
  cdn.probe = 'running';
  const img = new Image();
  img.onload = () => {
    cdn.probe = 'up';
    cdn.loaded++;
    probeListeners.forEach((l) => l());
  };
  img.onerror = () => {
    probesFailed++;
    cdn.probe = probesFailed >= CDN_PROBES ? 'down' : 'none';
    // The next image that mounts tries again.
    probeListeners.forEach((l) => l());
  };
  img.src = src;
}
const serverSaysDown = (images: { cdn_reachable?: boolean | undefined } | undefined) =>
  images?.cdn_reachable === false && cdn.probe !== 'up';

/**
 * The URLs to try for an image, best first: the CDN's (or, for a generated path, our server's),
 * then the generated art for that movie when the server offers it (offline mode).
 */
export function imageCandidates(
  images:
    | { base_url: string; fallback_base_url?: string | null | undefined; cdn_reachable?: boolean | undefined }
    | undefined,
  {
    path,
    kind,
    id,
    size,
  }: { path: string | null | undefined; kind: 'poster' | 'backdrop'; id: number; size: ImageSize },
): { src: string; fromCdn: boolean }[] {
  const base = images?.base_url ?? '/api/images/';
  const fallback = images?.fallback_base_url ?? null;
  const out: { src: string; fromCdn: boolean }[] = [];
  if (path) {
    if (GENERATED.test(path)) out.push({ src: `${fallback ?? base}${size}${path}`, fromCdn: false });
    // The server could not reach the CDN (an install without internet), or this tab found it down.
    else if (!(fallback && (serverSaysDown(images) || cdnLooksDown())))
      out.push({ src: `${base}${size}${path}`, fromCdn: base !== fallback });
  }
  // Posters TMDB never had stay the 'No Poster' placeholder; every film has a generated backdrop.
  if (fallback && (path || kind === 'backdrop')) {
    const generated = `${fallback}${size}/${kind}-${id}.svg`;
    if (!out.some((c) => c.src === generated)) out.push({ src: generated, fromCdn: false });
  }
  return out;
}

/** Rendering on the server (src/entry-server.tsx), where there is no window. */
const onServer = typeof window === 'undefined';
/** Images whose load or failure was read from the element (it happened before the handlers existed). */
const settled = new WeakSet<HTMLImageElement>();

/**
 * A poster or backdrop filling its (sized) parent: the CDN image, else the generated art, else
 * `placeholder`. The image shows only once it has loaded, so a failed one never shows the broken
 * image icon, and the parent's box never changes size (no layout shift).
 */
export function Artwork({
  path,
  kind,
  id,
  size,
  alt = '',
  eager = false,
  priority = false,
  className = '',
  placeholder = null,
}: {
  path: string | null | undefined;
  kind: 'poster' | 'backdrop';
  id: number;
  size: ImageSize;
  alt?: string;
  eager?: boolean;
  /** The page's main image (the hero's, the movie's backdrop): fetched first. */
  priority?: boolean;
  className?: string;
  placeholder?: ReactNode;
}) {
  const data = useConfigData();
  // Re-render when the tab finds the CDN reachable after all (see probeCdn). The server never
  // probes: its render, and so the browser's hydration of it, reads 'none'.
  const probe = useSyncExternalStore(
    onProbe,
    () => cdn.probe,
    () => 'none',
  );
  const candidates = imageCandidates(data?.images, { path, kind, id, size });
  const tryCdn = !!path && !GENERATED.test(path) && !!data && serverSaysDown(data.images) && probe === 'none';
  useEffect(() => {
    if (tryCdn && data) probeCdn(`${data.images.base_url}${size}${path}`);
  }, [tryCdn, data, path, size]);
  const [attempt, setAttempt] = useState({ key: '', failed: [] as string[], loaded: false });
  // A new image (the carousel's next slide, a recycled card) starts again from its best source.
  const key = `${kind}:${id}:${path ?? ''}:${size}`;
  const state = attempt.key === key ? attempt : { key, failed: [], loaded: false };
  // The first source that has not failed (the list may shrink once the CDN looks down).
  const current = candidates.find((c) => !state.failed.includes(c.src));
  // Until the config says where images come from, nothing is requested (the box keeps its size).
  if (!data) return null;
  if (!current) return <>{placeholder}</>;
  const [w, h] = kind === 'poster' ? [500, 750] : [1280, 720];
  return (
    <img
      key={current.src}
      src={current.src}
      alt={alt}
      width={w}
      height={h}
      loading={eager || priority ? 'eager' : 'lazy'}
      // The first paint's images are decoded for the paint that shows the page (async, they came a
      // frame or more later, after the scripts had run: the largest paint then waited on them).
      decoding={eager || priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      data-source={current.fromCdn ? 'cdn' : 'generated'}
      onLoad={() => {
        if (current.fromCdn) cdn.loaded++;
        setAttempt({ ...state, loaded: true });
      }}
      onError={() => {
        if (current.fromCdn) cdn.failed++;
        setAttempt({ key, failed: [...state.failed, current.src], loaded: false });
      }}
      // Rendered by the server (src/entry-server.tsx), the image shows as soon as the HTML does: it
      // is the page's first paint. Hydration keeps that (and this marker), and its load or failure
      // may have happened before the handlers were attached: read it from the element.
      {...(onServer ? { 'data-server': '' } : {})}
      ref={(img: HTMLImageElement | null) => {
        if (!img?.complete || !img.hasAttribute('data-server') || state.loaded || settled.has(img)) return;
        settled.add(img);
        img.decode().then(
          () => setAttempt((a) => ({ ...(a.key === key ? a : { key, failed: [] }), loaded: true })),
          () => {
            if (current.fromCdn) cdn.failed++;
            setAttempt((a) => ({
              key,
              failed: [...(a.key === key ? a.failed : []), current.src],
              loaded: false,
            }));
          },
        );
      }}
      className={`${className} transition duration-300`}
      // A style attribute, not a class: every Tailwind class is in the stylesheet each page loads first.
      style={{ opacity: state.loaded || onServer ? 1 : 0 }}
    />
  );
}
