import { SESSION_EXPIRED } from '@app/contracts/messages';

/**
 * Every text the social screens show (issue 46), in one place: buttons, toasts, empty states and
 * fallbacks for failures the API does not word itself (its 4xx `{message}`s are shown as sent).
 */
export const SOCIAL_TEXT = {
  follow: 'Follow',
  requestFollow: 'Request to follow',
  requested: 'Requested',
  following: 'Following',
  unfollow: 'Unfollow',
  cancelRequest: 'Cancel request',
  followsYou: 'Follows you',
  followed: (u: string) => `You follow @${u}`,
  requestSent: (u: string) => `Follow request sent to @${u}`,
  unfollowed: (u: string) => `You unfollowed @${u}`,
  requestCancelled: 'Follow request cancelled',
  unfollowPrivateTitle: (u: string) => `Unfollow @${u}?`,
  unfollowPrivateBody: 'This profile is private: to see it again you will have to send a new request.',
  block: 'Block',
  unblock: 'Unblock',
  blockTitle: (u: string) => `Block @${u}?`,
  blockBody:
    'They will no longer see your profile, your reviews or your activity, nor be able to follow you. You stop following each other.',
  blocked: (u: string) => `You blocked @${u}`,
  unblocked: (u: string) => `You unblocked @${u}`,
  youBlockedThem: 'You blocked this person. Unblock them to see their profile and follow them again.',
  privateProfile: 'This profile is private',
  privateProfileHint: 'Follow requests are accepted or declined by the person.',
  notFoundTitle: 'This profile is not here',
  notFoundBody: 'The name may be misspelt, or the person may have changed it or left.',
  moreActions: 'More actions',
  followers: 'Followers',
  followingList: 'Following',
  noFollowers: 'No followers yet.',
  noFollowing: 'Not following anyone yet.',
  loadMore: 'Load more',
  favourites: 'Favourite films',
  recentDiary: 'Recent diary',
  ratingsSpread: 'Ratings',
  publicPlaylists: 'Public playlists',
  noDiary: 'Nothing logged yet.',
  noRatings: 'No ratings yet.',
  noPlaylists: 'No public playlists.',
  noFavourites: 'No favourite films yet.',
  editProfile: 'Edit profile',
  // Settings
  profileSection: 'Profile',
  usernameLabel: 'Username',
  usernameHint: '3–30 letters, digits, _ or . — your profile lives at /u/your-name',
  usernameChecking: 'Checking…',
  usernameAvailable: 'Available',
  usernameTaken: 'That username is taken',
  usernameSaved: 'Your username was saved.',
  saveUsername: 'Save username',
  publicLabel: 'Public profile',
  publicOn: 'Anyone can see your profile, diary, ratings and public playlists.',
  publicOff: 'Only the people you accept can see your profile.',
  madePublic: 'Your profile is public',
  madePrivate: 'Your profile is private',
  chooseUsernameFirst: 'Choose a username first to have a profile.',
  viewProfile: 'View your profile',
  requestsSection: 'Follow requests',
  noRequests: 'No pending requests.',
  accept: 'Accept',
  decline: 'Decline',
  accepted: (u: string) => `@${u} now follows you`,
  declined: (u: string) => `Request from @${u} declined`,
  blockedSection: 'Blocked people',
  noBlocked: 'You have not blocked anyone.',
  // Feed and people
  feedTitle: 'Friends',
  feedSubtitle: 'What the people you follow watch, rate and share',
  feedEmptyTitle: 'Your feed is empty',
  feedEmptyBody: 'Follow people to see the films they log, rate, review and like here.',
  feedEnd: 'You are all caught up.',
  findPeople: 'Find people',
  searchLabel: 'Search people by username',
  searchPlaceholder: 'Username',
  noPeople: (q: string) => `No one goes by a name starting with “${q}”.`,
  needUsername: 'Choose a username in your account settings to follow people and be found.',
  // Movie page
  friendsWatched: 'Friends who watched',
  noFriendsWatched: 'None of the people you follow has watched this film yet.',
  reviews: 'Reviews',
  newest: 'Newest',
  mostLiked: 'Most liked',
  moreReviews: 'Show more reviews',
  noReviews: 'No reviews yet. Rate the film and write one to be the first.',
  likeReview: (u: string) => `Like @${u}’s review`,
  report: 'Report',
  reportTitle: 'Report this review',
  reportReason: 'Reason',
  reportNote: 'Anything else (optional)',
  reportSend: 'Send report',
  reported: 'Thanks: the review is hidden for you and will be looked at.',
  reasons: { spam: 'Spam', abuse: 'Abuse or harassment', spoilers: 'Spoilers', other: 'Something else' },
  signInToLike: 'Please login to like reviews',
  signInToFollow: 'Please login to follow people',
  signInToReport: 'Please login to report reviews',
  yourReview: 'Your review',
  hiddenAfterReports: 'Hidden after reports',
  ownReviewRemoved:
    'A moderator removed your review of this film after people reported it. Your rating stays, and you can write a new review.',
  hiddenAfterReportsHint:
    'People reported this review, so no one else sees it for now. A moderator will look at it and restore or remove it; editing it does not bring it back.',
  // Fallbacks
  failed: 'Something went wrong. Please try again.',
} as const;

/** The message for a failed social call: the session's for 401, the API's own for other 4xx. */
export function failure(err: unknown, fallback: string = SOCIAL_TEXT.failed): string {
  const e = err as { status?: number; message?: string } | null;
  const status = e?.status ?? 0;
  if (status === 401) return SESSION_EXPIRED;
  return status >= 400 && status < 500 && e?.message ? e.message : fallback;
}
