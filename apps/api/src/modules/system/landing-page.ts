import type { ConfigResponse } from '@app/contracts';

/** Served at / until the web app is built: proves the API is up and links to what it offers. */
export function landingPage(config: ConfigResponse): string {
  const links = [
    ['/api/tmdb/movie/popular', 'Popular movies'],
    ['/api/tmdb/movie/top_rated', 'Top rated'],
    ['/api/tmdb/movie/now_playing', 'Now playing'],
    ['/api/tmdb/trending/movie/week', 'Trending this week'],
    ['/api/tmdb/search/movie?query=interstelar', 'Search "interstelar"'],
    ['/api/tmdb/movie/157336', 'Interstellar'],
    ['/api/docs', 'API documentation'],
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Movie discovery API</title><style>body{font-family:system-ui,sans-serif;background:#0b0b0f;color:#e5e7eb;max-width:40rem;margin:3rem auto;padding:0 1rem}a{color:#f87171}</style></head>
<body><h1>Movie discovery API</h1><p>Data mode: <strong>${config.data_mode}</strong>${config.catalog ? ` &middot; ${config.catalog.movies.toLocaleString('en')} movies in the offline catalog` : ''}.</p>
<ul>${links.map(([href, label]) => `<li><a href="${href}">${label}</a></li>`).join('')}</ul>
<p><small>Movie data from The Movie Database (TMDB). This product uses the TMDB API but is not endorsed or certified by TMDB.</small></p></body></html>`;
}
