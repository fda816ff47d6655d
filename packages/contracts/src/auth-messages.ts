// The authentication forms' messages, a module of their own within `@app/contracts/messages`
// (re-exported there): the library's code on every page imports that module for its own few
// messages, and a module is bundled whole (decision 0088).
import { SESSION_EXPIRED } from './session-expired';

/** The spec's authentication messages (section 8), and our own account flows' ones. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  invalidEmail: 'Invalid email address. Please check and try again.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  popupClosed: 'Google sign-in was canceled. Please try again.',
  emailInUse: 'This email is already in use. Please log in or use a different email.',
  weakPassword: 'Password is too weak. Please use a stronger password.',
  resetUserNotFound: 'No user found with this email address.',
  unverified:
    'Please verify your email address before logging in. Check your inbox for a verification email.',
  registered: 'Verification email sent! Please check your inbox and verify your email before logging in.',
  verificationSendFailed: 'Could not send verification email. Please try again later.',
  resetSent: 'Password reset email sent! Please check your inbox.',
  sessionExpired: SESSION_EXPIRED,
  // Not in the spec: our own flows (account page, verification link, reset link).
  emailVerified: 'Your email is verified. Please sign in.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Sign in to get a new one.',
  passwordChanged: 'Your password was changed. Please sign in.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  googleFailed: 'Google sign-in failed. Please try again.',
} as const;

/** A rate limit was hit (auth, search, chat share the wording; chat has its own, below). */
export const TOO_MANY_ATTEMPTS = AUTH_MESSAGES.tooManyRequests;
export const EMAIL_IN_USE = AUTH_MESSAGES.emailInUse;
export const NO_USER_FOR_RESET = AUTH_MESSAGES.resetUserNotFound;
export const INVALID_EMAIL = AUTH_MESSAGES.invalidEmail;

/** The password rule, for the server (Better Auth's limits) and the browser's forms alike. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
