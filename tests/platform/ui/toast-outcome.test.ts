import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/lib/http-client';
import { showToast } from '../../../web/components/ui/toast';
import { toastOutcome } from '../../../web/components/ui/toast-outcome';

vi.mock('../../../web/components/ui/toast', () => ({ showToast: vi.fn(() => 'id') }));

const shown = vi.mocked(showToast);

describe('a mutation outcome as toasts', () => {
  beforeEach(() => shown.mockClear());

  it('success: a success toast with the title (and description), then the follow-up', () => {
    const after = vi.fn();
    toastOutcome({
      success: 'Keyword deleted successfully',
      failure: 'x',
      onSuccess: after,
    }).onSuccess();
    expect(shown).toHaveBeenCalledWith({
      title: 'Keyword deleted successfully',
      variant: 'success',
    });
    expect(after).toHaveBeenCalledOnce();

    toastOutcome({
      success: { title: 'Deactivated ann@example.com', description: 'Their sessions have ended.' },
      failure: 'x',
    }).onSuccess();
    expect(shown).toHaveBeenLastCalledWith({
      title: 'Deactivated ann@example.com',
      description: 'Their sessions have ended.',
      variant: 'success',
    });
  });

  it('no success toast when none is given; the follow-up still runs', () => {
    const after = vi.fn();
    toastOutcome({ failure: 'Failed to start the review', onSuccess: after }).onSuccess();
    expect(shown).not.toHaveBeenCalled();
    expect(after).toHaveBeenCalledOnce();
  });

  it("failure: an error toast described by the server's message, else by the fallback", () => {
    const onError = vi.fn();
    const { onError: failed } = toastOutcome({
      success: 'ok',
      failure: 'Failed to delete keyword',
      onError,
    });
    const refused = new ApiError(409, 'That keyword already exists');
    failed(refused);
    expect(shown).toHaveBeenLastCalledWith({
      title: 'Failed to delete keyword',
      description: 'That keyword already exists',
      variant: 'error',
    });
    expect(onError).toHaveBeenCalledWith(refused);

    failed(new TypeError('fetch failed'));
    expect(shown).toHaveBeenLastCalledWith({
      title: 'Failed to delete keyword',
      description: 'Please try again.',
      variant: 'error',
    });

    toastOutcome({ failure: 'Failed to delete post', fallback: '' }).onError(new Error('boom'));
    expect(shown).toHaveBeenLastCalledWith({
      title: 'Failed to delete post',
      description: '',
      variant: 'error',
    });
    expect(shown).toHaveBeenCalledTimes(3);
  });
});
