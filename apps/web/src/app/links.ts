/** The top bar's and the mobile menu's external 'About Dev' link. */
export const ABOUT_DEV_URL = 'https://github.com/';
