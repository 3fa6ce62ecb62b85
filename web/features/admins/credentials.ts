/**
 * Login and first-administrator setup inputs. Both trim the e-mail and the password before
 * sending: login trims them (spec section 5), so setup must trim too, or a password chosen
 * with a leading or trailing space could never be typed in again.
 */

export const MIN_ADMIN_PASSWORD_LENGTH = 12;

export interface Credentials {
  email: string;
  password: string;
}

/** A simple x@y.z check; the server validates again. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type LoginCheck = { ok: true; credentials: Credentials } | { ok: false; error: string };

export function prepareLogin(email: string, password: string): LoginCheck {
  const credentials = { email: email.trim(), password: password.trim() };
  if (credentials.email === '' || credentials.password === '') {
    return { ok: false, error: 'Please enter your e-mail and password' };
  }
  return { ok: true, credentials };
}

export interface SetupValues {
  email: string;
  password: string;
  confirmPassword: string;
}

export type SetupField = keyof SetupValues;

export type SetupCheck =
  | { ok: true; credentials: Credentials }
  | { ok: false; errors: Partial<Record<SetupField, string>> };

export function prepareSetup(values: SetupValues): SetupCheck {
  const email = values.email.trim();
  const password = values.password.trim();
  const confirmPassword = values.confirmPassword.trim();
  const errors: Partial<Record<SetupField, string>> = {};
  if (!EMAIL_PATTERN.test(email)) errors.email = 'Please enter a valid email address.';
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    errors.password = `Password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`;
  }
  if (confirmPassword !== password) errors.confirmPassword = 'Passwords do not match';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, credentials: { email, password } };
}

/** Server field names the setup form shows beside its fields; others go to the form message. */
export function setupFieldErrors(fields: Readonly<Record<string, string>>): {
  byField: Partial<Record<SetupField, string>>;
  other: string[];
} {
  const byField: Partial<Record<SetupField, string>> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    if (path === 'email' || path === 'password') byField[path] = message;
    else other.push(message);
  }
  return { byField, other };
}

/**
 * A new password typed twice (invitation, password change): the length here, the rest of the
 * policy (common passwords) on the server, whose message shows beside the field.
 */
export function checkNewPassword(
  password: string,
  confirm: string,
): { password?: string; confirmPassword?: string } {
  const errors: { password?: string; confirmPassword?: string } = {};
  if (password.trim().length < MIN_ADMIN_PASSWORD_LENGTH) {
    errors.password = `Password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`;
  }
  if (confirm.trim() !== password.trim()) errors.confirmPassword = 'Passwords do not match';
  return errors;
}
