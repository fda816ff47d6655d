import { useState } from 'react';
import { useVideos } from '../api/get-videos';

/** The cookie-less player (decision 0095): the CSP's frame-src allows this origin only. */
export const PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * A movie's trailer (issue 46, decision 0095; live mode only): the first of the API's list
 * (official trailers first) as YouTube's thumbnail with a play button; YouTube's player is loaded
 * only when it is clicked, from youtube-nocookie.com. Absent while loading, on an error, or when
 * the film has no trailer.
 */
export default function Trailer({ id, title }: { id: number; title: string }) {
  const videos = useVideos(id);
  const [playing, setPlaying] = useState<string | null>(null);
  const video = videos.data?.results[0];
  if (!video) return null;
  const key = encodeURIComponent(video.key);
  return (
    <section aria-labelledby="trailer" className="mt-12">
      <h2 id="trailer" className="text-xl font-semibold">
        Trailer
      </h2>
      <div className="relative mt-3 aspect-video w-full max-w-3xl overflow-hidden rounded-2xl bg-black ring-1 ring-white/10">
        {playing === video.key ? (
          <iframe
            src={`${PLAYER_ORIGIN}/embed/${key}?autoplay=1&rel=0`}
            title={`${title}: ${video.name}`}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            // YouTube's embeds need to know the site they are on (its origin, nothing more).
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 h-full w-full"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(video.key)}
            aria-label={`Play trailer: ${video.name}`}
            className="group absolute inset-0 h-full w-full"
          >
            <img
              src={`https://i.ytimg.com/vi/${key}/hqdefault.jpg`}
              alt=""
              loading="lazy"
              className="h-full w-full object-cover opacity-90 group-hover:opacity-100"
            />
            <span className="absolute left-1/2 top-1/2 flex h-16 w-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-black/70 ring-2 ring-white/80 group-hover:bg-red-700">
              <svg viewBox="0 0 24 24" width={28} height={28} fill="currentColor" aria-hidden="true">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
          </button>
        )}
      </div>
      <p className="mt-2 text-xs text-zinc-400">
        {video.name} · from YouTube, which loads only when you press play
      </p>
    </section>
  );
}
