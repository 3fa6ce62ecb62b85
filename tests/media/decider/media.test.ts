/**
 * An image's lifecycle as Given(events) / When(command) / Then: uploaded once, its alt text
 * changed (the same text: nothing), deleted; nothing is done to an image that is not there.
 */
import { describe, it } from 'vitest';
import { mediaDecider, type MediaCommand } from '../../../domain/media/decider';
import type { MediaEvent, MediaUploadedData } from '../../../domain/media/events';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const media = DeciderSpecification.for(mediaDecider);
const mediaId = 'm-1';

const data: MediaUploadedData = {
  mediaId,
  fileName: 'beach.jpg',
  mime: 'image/jpeg',
  width: 800,
  height: 600,
  bytes: 123_456,
  variants: [
    { width: 320, format: 'webp', bytes: 9_000, key: 'm-1/320.webp' },
    { width: 640, format: 'webp', bytes: 21_000, key: 'm-1/640.webp' },
    { width: 800, format: 'webp', bytes: 30_000, key: 'm-1/800.webp' },
    { width: 800, format: 'jpeg', bytes: 60_000, key: 'm-1/800.jpg' },
  ],
  alt: 'A beach at noon',
};
const upload: MediaCommand = { type: 'UploadMedia', ...data };
const uploaded: MediaEvent = { type: 'MediaUploaded', data };
const altChanged = (alt: string): MediaEvent => ({
  type: 'MediaAltTextChanged',
  data: { mediaId, alt },
});
const deleted: MediaEvent = { type: 'MediaDeleted', data: { mediaId } };

describe('UploadMedia', () => {
  it('given nothing, records the upload with its variants and alt text', () => {
    media.given([]).when(upload).then([uploaded]);
  });

  it('given nothing, records an upload without alt text (the library marks it)', () => {
    media
      .given([])
      .when({ ...upload, alt: '' })
      .then([{ type: 'MediaUploaded', data: { ...data, alt: '' } }]);
  });

  it('given it was uploaded, refuses a second upload of the same id', () => {
    media.given([uploaded]).when(upload).thenThrows(DecisionError, { code: 'media_exists' });
  });

  it('given it was deleted, refuses to bring the id back', () => {
    media
      .given([uploaded, deleted])
      .when(upload)
      .thenThrows(DecisionError, { code: 'media_exists' });
  });
});

describe('ChangeMediaAltText', () => {
  it('given an uploaded image, records the new alt text', () => {
    media
      .given([uploaded])
      .when({ type: 'ChangeMediaAltText', mediaId, alt: 'Boats in the harbour' })
      .then([altChanged('Boats in the harbour')]);
  });

  it('given an uploaded image, records clearing the alt text', () => {
    media
      .given([uploaded])
      .when({ type: 'ChangeMediaAltText', mediaId, alt: '' })
      .then([altChanged('')]);
  });

  it('given the same alt text, records nothing', () => {
    media
      .given([uploaded, altChanged('Boats')])
      .when({ type: 'ChangeMediaAltText', mediaId, alt: 'Boats' })
      .thenNothingHappened();
  });

  it('given nothing, refuses: the image is not in the library', () => {
    media
      .given([])
      .when({ type: 'ChangeMediaAltText', mediaId, alt: 'x' })
      .thenThrows(DecisionError, {
        code: 'media_not_found',
        message: 'This image is not in the media library (it may have been deleted).',
      });
  });

  it('given a deleted image, refuses', () => {
    media
      .given([uploaded, deleted])
      .when({ type: 'ChangeMediaAltText', mediaId, alt: 'x' })
      .thenThrows(DecisionError, { code: 'media_not_found' });
  });
});

describe('DeleteMedia', () => {
  it('given an uploaded image, records the delete', () => {
    media.given([uploaded]).when({ type: 'DeleteMedia', mediaId }).then([deleted]);
  });

  it('given it was already deleted, refuses a second delete', () => {
    media
      .given([uploaded, deleted])
      .when({ type: 'DeleteMedia', mediaId })
      .thenThrows(DecisionError, { code: 'media_not_found' });
  });

  it('given nothing, refuses', () => {
    media
      .given([])
      .when({ type: 'DeleteMedia', mediaId })
      .thenThrows(DecisionError, { code: 'media_not_found' });
  });
});
