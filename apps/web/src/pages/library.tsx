import type { ComponentType } from 'react';
import { WithLibraryCardActions } from '../features/library/components/card-actions';
import * as screens from '../features/library/components/library-screens';

/** The library's screens, their cards carrying the library's actions. */
const withActions = (Screen: ComponentType) =>
  function LibraryPage() {
    return (
      <WithLibraryCardActions>
        <Screen />
      </WithLibraryCardActions>
    );
  };

export const LikedPage = withActions(screens.LikedPage);
export const WatchedPage = withActions(screens.WatchedPage);
export const WatchlistPage = withActions(screens.WatchlistPage);
export const RecentlyVisitedPage = withActions(screens.RecentlyVisitedPage);
export const PlaylistsPage = withActions(screens.PlaylistsPage);
export const PlaylistDetailPage = withActions(screens.PlaylistDetailPage);
