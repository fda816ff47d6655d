/** The longest review the movie page's and the diary's forms accept. */
export const REVIEW_MAX = 2000;
