/**
 * Media commands. An upload is decided after its files were stored (the route checked and
 * re-encoded the bytes); the command records them. Alt text is one line of at most 250
 * characters (empty allowed: the library marks it).
 */
import { z } from 'zod';
import { mediaDecider, type MediaCommand } from '../../domain/media/decider';
import { mediaEventSchemas, mediaStreamId, mediaVariantSchema } from '../../domain/media/events';
import { MEDIA_ALT_MAX } from '../../domain/media/rules';
import { declareCommand, onStream, writeModel, type StreamDecision } from '../command';
import { id, singleLineText } from '../schema-parts';

const mediaModel = writeModel(mediaDecider, mediaEventSchemas);

export const altText = singleLineText('Alt text', MEDIA_ALT_MAX);

export const uploadMediaCommand = z.object({
  type: z.literal('UploadMedia'),
  mediaId: id,
  fileName: z.string().max(200),
  mime: z.string().min(1).max(100),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
  variants: z.array(mediaVariantSchema).min(1).max(20),
  alt: altText.default(''),
});

export const changeMediaAltTextCommand = z.object({
  type: z.literal('ChangeMediaAltText'),
  mediaId: id,
  alt: altText,
});

export const deleteMediaCommand = z.object({ type: z.literal('DeleteMedia'), mediaId: id });

const onMedia = (mediaId: string, command: MediaCommand): StreamDecision =>
  onStream(mediaModel, mediaStreamId(mediaId), {
    id: mediaId,
    decide: (state, now) => mediaDecider.decide(command, state, now),
  });

export const mediaCommands = {
  UploadMedia: declareCommand({
    schema: uploadMediaCommand,
    streams: (command) => [onMedia(command.mediaId, command)],
  }),
  ChangeMediaAltText: declareCommand({
    schema: changeMediaAltTextCommand,
    streams: (command) => [onMedia(command.mediaId, command)],
  }),
  DeleteMedia: declareCommand({
    schema: deleteMediaCommand,
    streams: (command) => [onMedia(command.mediaId, command)],
  }),
};
