/**
 * A user route called without a valid ID token (spec section 8), re-exported by
 * `@app/contracts/messages`. A module of its own: the library's code, on every page, needs this
 * one message, not the object of every authentication message (auth-messages.ts; a module is
 * bundled whole, decision 0088).
 */
export const SESSION_EXPIRED = 'Session expired. Please login again.';
