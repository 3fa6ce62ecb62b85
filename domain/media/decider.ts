/**
 * An image's decider (`media-{id}`): uploaded once, its alt text changed, deleted. Pure: the
 * bytes were checked and re-encoded before the command (the upload route), so the command
 * carries only what was stored.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import type { MediaEvent, MediaUploadedData } from './events';
import { MEDIA_MESSAGES } from './rules';

export const mediaErrors = decisionErrors({
  media_not_found: MEDIA_MESSAGES.notFound,
  media_exists: 'This image was already uploaded.',
});
const { fail } = mediaErrors;

export type MediaState =
  { status: 'absent' | 'deleted' } | { status: 'present'; mediaId: string; alt: string };

export type MediaCommand =
  | ({ type: 'UploadMedia' } & MediaUploadedData)
  | { type: 'ChangeMediaAltText'; mediaId: string; alt: string }
  | { type: 'DeleteMedia'; mediaId: string };

export const mediaDecider: Decider<MediaCommand, MediaEvent, MediaState> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'MediaUploaded':
        return { status: 'present', mediaId: event.data.mediaId, alt: event.data.alt };
      case 'MediaAltTextChanged':
        return state.status === 'present' ? { ...state, alt: event.data.alt } : state;
      case 'MediaDeleted':
        return { status: 'deleted' };
    }
  },

  decide(command, state) {
    if (command.type === 'UploadMedia') {
      if (state.status !== 'absent') fail('media_exists');
      const { type: _type, ...data } = command;
      return [{ type: 'MediaUploaded', data }];
    }
    if (state.status !== 'present') return fail('media_not_found');
    switch (command.type) {
      case 'ChangeMediaAltText':
        return state.alt === command.alt
          ? []
          : [{ type: 'MediaAltTextChanged', data: { mediaId: state.mediaId, alt: command.alt } }];
      case 'DeleteMedia':
        return [{ type: 'MediaDeleted', data: { mediaId: state.mediaId } }];
    }
  },
};
