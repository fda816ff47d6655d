/** One movie of the offline catalog, cleaned, with TMDB ids and field names. */
export interface CatalogMovie {
  id: number;
  imdb_id: string | null;
  title: string;
  original_title: string;
  original_language: string;
  overview: string;
  tagline: string;
  release_date: string | null; // YYYY-MM-DD
  status: string;
  runtime: number | null; // minutes
  budget: number;
  revenue: number;
  vote_average: number;
  vote_count: number;
  popularity: number;
  /** Generated offline art: `/poster-{id}.svg`, or null where TMDB had no poster either. */
  poster_path: string | null;
  backdrop_path: string;
  /** TMDB's own poster (`/abc.jpg`, for the public image CDN), or null. */
  tmdb_poster_path: string | null;
  /**
   * TMDB's backdrop: the film's collection's in the offline dataset (which has none of the film's
   * own); a synced film's own, else its collection's; or null.
   */
  tmdb_backdrop_path: string | null;
  genre_ids: number[];
  production_companies: { id: number; name: string }[];
  /** Where it was made: ISO 3166-1 codes, as TMDB lists them ("US", "GB", "MX"). */
  production_countries: string[];
  collection: { id: number; name: string } | null;
  keywords: string[];
  /**
   * From a TMDB sync only (decision 0083; absent from the offline dataset's films until a sync
   * fetched them): the top-billed cast (at most 15, in billing order), directors, writers, and the
   * US certification ("PG-13"; null when TMDB has none).
   */
  cast?: CatalogCastMember[];
  directors?: CatalogPerson[];
  writers?: CatalogPerson[];
  certification?: string | null;
}

export interface CatalogPerson {
  id: number;
  name: string;
}

export interface CatalogCastMember extends CatalogPerson {
  character: string;
  order: number;
}

export interface CatalogFile {
  version: number;
  built_at: string;
  source: { package: string; integrity: string };
  stats: CatalogBuildStats;
  /**
   * The lists in the order they are served, as positions in `movies`, made when the file was
   * written (`catalogLists`), so that a start sorts nothing. Absent from catalogs made in memory
   * (tests, synthetic ones), whose lists are made when indexed.
   */
  lists?: CatalogLists;
  movies: CatalogMovie[];
}

/** A catalog's served lists, as positions in its `movies` (decision 0050). */
export interface CatalogLists {
  /** How many movies they were made from, and the `built_at` of that catalog: they fit no other. */
  movies: number;
  built_at: string;
  reference_date: string;
  popular: number[];
  top_rated: number[];
  now_playing: number[];
  trending: number[];
  /** Each genre's movies, by popularity. */
  by_genre: Record<string, number[]>;
}

export interface CatalogBuildStats {
  rows: number;
  kept: number;
  malformed: number;
  duplicates: number;
  adult: number;
  untitled: number;
  obsolete_genre_refs: number;
}
