import { AUTH_MESSAGES, ERROR_CODES } from '@app/contracts/messages';

/** The spec's authentication messages (section 8) are defined once, in @app/contracts. */
export { AUTH_MESSAGES };

export type AuthErrorContext = 'sign-in' | 'sign-up' | 'reset' | 'verify' | 'account';

/** Maps a Better Auth error (status and code) to the spec's message; other errors keep their own. */
export function messageForAuthError(
  status: number,
  body: { code?: string | undefined; message?: string | undefined } | null,
  context: AuthErrorContext,
): string {
  const code = body?.code ?? '';
  if (status === 429) return AUTH_MESSAGES.tooManyRequests;
  if (context === 'account' && code === ERROR_CODES.invalidPassword)
    return AUTH_MESSAGES.wrongCurrentPassword;
  if (context === 'account' && status === 401) return AUTH_MESSAGES.sessionExpired;
  if (
    code === ERROR_CODES.invalidEmailOrPassword ||
    code === ERROR_CODES.userNotFound ||
    code === ERROR_CODES.invalidPassword
  ) {
    return AUTH_MESSAGES.invalidCredentials;
  }
  if (code === ERROR_CODES.invalidEmail) return AUTH_MESSAGES.invalidEmail;
  if (code === ERROR_CODES.emailNotVerified) return AUTH_MESSAGES.unverified;
  if (code.startsWith(ERROR_CODES.userAlreadyExists)) return AUTH_MESSAGES.emailInUse;
  if (code === ERROR_CODES.passwordTooShort || code === ERROR_CODES.passwordTooLong)
    return AUTH_MESSAGES.weakPassword;
  if (context === 'reset' && status === 404) return AUTH_MESSAGES.resetUserNotFound;
  if (context === 'verify' && status >= 500) return AUTH_MESSAGES.verificationSendFailed;
  return body?.message || `Request failed (${status})`;
}
