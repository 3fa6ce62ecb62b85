/**
 * Operations commands: a rebuild of the read models recorded as it starts and as it ends
 * (workers/rebuild.ts runs it; the back office starts it). Dispatched by the running process,
 * never from a request body.
 */
import { z } from 'zod';
import { rebuildDecider, type RebuildCommand } from '../../domain/operations/decider';
import { operationsEventSchemas, rebuildStreamId } from '../../domain/operations/events';
import { declareCommand, onStream, writeModel } from '../command';

const rebuildModel = writeModel(rebuildDecider, operationsEventSchemas);

const { ReadModelsRebuildStarted, ReadModelsRebuilt, ReadModelsRebuildFailed } =
  operationsEventSchemas;

export const startRebuildCommand = ReadModelsRebuildStarted.extend({
  type: z.literal('RecordRebuildStarted'),
});
export const finishRebuildCommand = ReadModelsRebuilt.extend({
  type: z.literal('RecordRebuildSwapped'),
});
export const failRebuildCommand = ReadModelsRebuildFailed.extend({
  type: z.literal('RecordRebuildFailed'),
});

/** The rebuild's stream, deciding `command` on it. */
const onRebuild = (command: RebuildCommand) => [
  onStream(rebuildModel, rebuildStreamId(command.rebuildId), {
    id: command.rebuildId,
    decide: (state, now) => rebuildDecider.decide(command, state, now),
  }),
];

export const operationsCommands = {
  RecordRebuildStarted: declareCommand({
    schema: startRebuildCommand,
    streams: ({ type: _type, ...data }) => onRebuild({ type: 'Start', ...data }),
  }),
  RecordRebuildSwapped: declareCommand({
    schema: finishRebuildCommand,
    streams: ({ type: _type, ...data }) => onRebuild({ type: 'Finish', ...data }),
  }),
  RecordRebuildFailed: declareCommand({
    schema: failRebuildCommand,
    streams: ({ type: _type, ...data }) => onRebuild({ type: 'Fail', ...data }),
  }),
};
