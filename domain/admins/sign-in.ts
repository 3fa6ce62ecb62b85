/**
 * What an administrator's sign-in can answer, in words both the API (JSON errors) and the
 * login page (the form posted without JavaScript comes back with `?problem=`) use.
 */
import { retryAfterText } from '../shared/format';

/** Spec section 8: a wrong e-mail or password, alike (no telling which). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid e-mail or password';
export const ACCESS_DENIED_MESSAGE = 'Access denied. Admin privileges required.';
/** The form posted something the login schema refused (empty or malformed). */
export const SIGN_IN_INVALID_MESSAGE = 'Enter your e-mail address and password.';
export const SIGN_IN_FAILED_MESSAGE = 'Login failed - unexpected error';

/** Why a sign-in posted by the form failed (the login page's `?problem=`). */
export const SIGN_IN_PROBLEMS = ['invalid', 'credentials', 'denied', 'limited', 'failed'] as const;
export type SignInProblem = (typeof SIGN_IN_PROBLEMS)[number];

export const tooManySignInsMessage = (retryAfterMs: number): string =>
  `Too many sign-in attempts. ${retryAfterText(retryAfterMs)}`;

/** The message of a problem; `retryAfterMs` says how long a limited client waits. */
export function signInProblemMessage(problem: SignInProblem, retryAfterMs = 0): string {
  switch (problem) {
    case 'invalid':
      return SIGN_IN_INVALID_MESSAGE;
    case 'credentials':
      return INVALID_CREDENTIALS_MESSAGE;
    case 'denied':
      return ACCESS_DENIED_MESSAGE;
    case 'limited':
      return tooManySignInsMessage(retryAfterMs);
    case 'failed':
      return SIGN_IN_FAILED_MESSAGE;
  }
}
