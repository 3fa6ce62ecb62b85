import { describe, expect, it } from 'vitest';
import {
  AdminDecisionError,
  CommandValidationError,
  ProviderDecisionError,
  SubscriptionDecisionError,
} from '../../../commands/errors';
import { HttpError } from '../../../api/http/errors';
import { commandErrorToHttp } from '../../../api/routes/command-errors';

describe('command errors as HTTP answers', () => {
  it.each([
    [new ProviderDecisionError('provider_not_found', 'Provider not found'), 404],
    [new ProviderDecisionError('provider_removed', 'Provider was removed'), 410],
    [new ProviderDecisionError('provider_already_listed', 'Provider is already listed'), 409],
    [new AdminDecisionError('admin_already_registered'), 409],
    [new AdminDecisionError('setup_completed'), 410],
    [new AdminDecisionError('setup_token_invalid'), 400],
    [new AdminDecisionError('setup_token_expired'), 410],
    [new SubscriptionDecisionError('already_subscribed'), 409],
  ])('%s -> %i with the same message', (error, status) => {
    const answer = commandErrorToHttp(error);
    expect(answer).toBeInstanceOf(HttpError);
    expect(answer).toMatchObject({ status, message: error.message });
  });

  it('gives field errors as the form names them (no "details." prefix; prices keep theirs)', () => {
    const answer = commandErrorToHttp(
      new CommandValidationError({
        'details.name': 'Please fill in all required fields',
        'prices.semaglutide.0.25': 'Price must be 0 or more',
      }),
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
    expect(commandErrorToHttp(new SubscriptionDecisionError('already_subscribed'))).toMatchObject({
      status: 409,
      message: 'This email is already subscribed to our updates.',
    });
  });

  it('passes anything else through unchanged', () => {
    const error = new Error('disk full');
    expect(commandErrorToHttp(error)).toBe(error);
  });
});
