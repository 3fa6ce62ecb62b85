import { describe, expect, it } from 'vitest';
import { signInProblemOf } from '../../../web/features/admins/components/login-page';

describe('the login page after a sign-in posted without JavaScript (?problem=)', () => {
  it.each([
    [{}, null],
    [{ problem: 'credentials' }, 'Invalid e-mail or password'],
    [{ problem: 'denied' }, 'Access denied. Admin privileges required.'],
    [{ problem: 'invalid' }, 'Enter your e-mail address and password.'],
    [{ problem: 'failed' }, 'Login failed - unexpected error'],
    [{ problem: 'limited', retry: 15 }, 'Too many sign-in attempts. Try again in 15 minutes.'],
    [{ problem: 'limited', retry: '1' }, 'Too many sign-in attempts. Try again in 1 minute.'],
    // A retry that is not a sensible count of minutes reads as the shortest wait.
    [{ problem: 'limited', retry: 'soon' }, 'Too many sign-in attempts. Try again in 1 minute.'],
    [{ problem: 'limited', retry: 1e9 }, 'Too many sign-in attempts. Try again in 1 minute.'],
    [{ problem: 'limited' }, 'Too many sign-in attempts. Try again in 1 minute.'],
    // Anything else is ignored: the address cannot put words on the page.
    [{ problem: '<script>' }, null],
    [{ problem: ['credentials'] }, null],
  ])('%j shows %j', (search, message) => {
    expect(signInProblemOf(search)).toBe(message);
  });
});
