import { describe, expect, it } from 'vitest';
import { CAPABILITY_LIST } from '../../../workers/bootstrap/capabilities';
import { createLogger } from '../../../workers/bootstrap/logger';
import { createCommandGateway } from '../../../api/http/commands';
import { HttpError } from '../../../api/http/errors';
import { formFieldPath } from '../../../api/providers/routes';
import { CommandValidationError, DecisionError } from '../../../commands/errors';
import { ADMIN_ERROR_MESSAGES } from '../../../domain/admins/decider';
import { SUBSCRIPTION_ERROR_MESSAGES } from '../../../domain/newsletter/decider';

/** The gateway as the app builds it: every capability's statuses (dispatch is not used here). */
const { toHttp } = createCommandGateway({
  dispatch: () => Promise.reject(new Error('not dispatched in this test')),
  waitForProjections: () => Promise.resolve(true),
  logger: createLogger({ level: 'error' }),
  statusByCode: Object.assign({}, ...CAPABILITY_LIST.map((c) => c.decisionStatus ?? {})),
});

const adminError = (code: keyof typeof ADMIN_ERROR_MESSAGES) =>
  new DecisionError(code, ADMIN_ERROR_MESSAGES[code]);
const alreadySubscribed = () =>
  new DecisionError('already_subscribed', SUBSCRIPTION_ERROR_MESSAGES.already_subscribed);

describe('command errors as HTTP answers', () => {
  it.each([
    [new DecisionError('provider_not_found', 'Provider not found'), 404],
    [new DecisionError('provider_removed', 'Provider was removed'), 410],
    [new DecisionError('provider_already_listed', 'Provider is already listed'), 409],
    [adminError('admin_already_registered'), 409],
    [adminError('setup_completed'), 410],
    [adminError('setup_token_invalid'), 400],
    [adminError('setup_token_expired'), 410],
    [alreadySubscribed(), 409],
  ])('%s -> %i with the same message', (error, status) => {
    const answer = toHttp(error);
    expect(answer).toBeInstanceOf(HttpError);
    expect(answer).toMatchObject({ status, message: error.message });
  });

  it('gives field errors as the form names them (no "details." prefix; prices keep theirs)', () => {
    const answer = toHttp(
      new CommandValidationError({
        'details.name': 'Please fill in all required fields',
        'prices.semaglutide.0.25': 'Price must be 0 or more',
      }),
      formFieldPath,
    );
    expect(answer).toMatchObject({
      status: 400,
      message: 'Please fill in all required fields',
      fields: {
        name: 'Please fill in all required fields',
        'prices.semaglutide.0.25': 'Price must be 0 or more',
      },
    });
  });

  it('a duplicate subscription answers the spec message', () => {
    expect(toHttp(alreadySubscribed())).toMatchObject({
      status: 409,
      message: 'This email is already subscribed to our updates.',
    });
  });

  it('passes anything else through unchanged', () => {
    const error = new Error('disk full');
    expect(toHttp(error)).toBe(error);
  });
});
