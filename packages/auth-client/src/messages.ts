/** The spec's authentication messages (section 8), keyed by what the server answers. */
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
  sessionExpired: 'Session expired. Please login again.',
  // Not in the spec: our own flows (account page, verification link, reset link).
  emailVerified: 'Your email is verified. Please sign in.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Sign in to get a new one.',
  passwordChanged: 'Your password was changed. Please sign in.',
  wrongCurrentPassword: 'Your current password is incorrect.',
} as const;

/** Maps a Better Auth error (status and code) to the spec's message; other errors keep their own. */
export function messageForAuthError(
  status: number,
  body: { code?: string; message?: string } | null,
  context: 'sign-in' | 'sign-up' | 'reset' | 'verify' | 'account',
): string {
  const code = body?.code ?? '';
  if (status === 429) return AUTH_MESSAGES.tooManyRequests;
  if (context === 'account' && code === 'INVALID_PASSWORD') return AUTH_MESSAGES.wrongCurrentPassword;
  if (context === 'account' && status === 401) return AUTH_MESSAGES.sessionExpired;
  if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'USER_NOT_FOUND' || code === 'INVALID_PASSWORD') {
    return AUTH_MESSAGES.invalidCredentials;
  }
  if (code === 'INVALID_EMAIL') return AUTH_MESSAGES.invalidEmail;
  if (code === 'EMAIL_NOT_VERIFIED') return AUTH_MESSAGES.unverified;
  if (code.startsWith('USER_ALREADY_EXISTS')) return AUTH_MESSAGES.emailInUse;
  if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') return AUTH_MESSAGES.weakPassword;
  if (context === 'reset' && status === 404) return AUTH_MESSAGES.resetUserNotFound;
  if (context === 'verify' && status >= 500) return AUTH_MESSAGES.verificationSendFailed;
  return body?.message || `Request failed (${status})`;
}
