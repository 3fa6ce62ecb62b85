/** Provider submission commands: one new stream `submission-{id}` per submission. */
import { z } from 'zod';
import { submissionDecider, type SubmissionCommand } from '../../domain/submissions/decider';
import {
  REJECTION_REASON_MAX,
  submissionEventSchemas,
  submissionStreamId,
} from '../../domain/submissions/events';
import { toSubmissionPayload, validateProviderSubmission } from '../../domain/submissions/rules';
import { declareCommand, onStream, writeModel } from '../command';
import { id, multiLine } from '../schema-parts';

const submissionModel = writeModel(submissionDecider, submissionEventSchemas);

/** The longest user agent kept (longer ones are cut, never refused). */
export const USER_AGENT_MAX = 500;

export const submitProviderCommand = z
  .object({
    type: z.literal('SubmitProvider'),
    submissionId: id.optional(),
    /** The form's fields, validated by the submission rules (domain/submissions/rules.ts). */
    form: z.unknown(),
    userAgent: z.string().default(''),
  })
  .transform((command, ctx) => {
    const check = validateProviderSubmission(command.form);
    if (!check.ok) {
      for (const [field, message] of Object.entries(check.fields)) {
        ctx.addIssue({ code: 'custom', path: [field], message });
      }
      ctx.addIssue({ code: 'custom', message: check.message });
      return z.NEVER;
    }
    return {
      type: command.type,
      submissionId: command.submissionId,
      // The payload as the spec sends it, with the medications still typed by the fixed list.
      payload: { ...toSubmissionPayload(check.value), medications: check.value.medications },
      userAgent: command.userAgent.slice(0, USER_AGENT_MAX),
    };
  });

export const startSubmissionReviewCommand = z.object({
  type: z.literal('StartSubmissionReview'),
  submissionId: id,
});

export const acceptSubmissionCommand = z.object({
  type: z.literal('AcceptSubmission'),
  submissionId: id,
  providerId: id,
});

export const rejectSubmissionCommand = z.object({
  type: z.literal('RejectSubmission'),
  submissionId: id,
  reason: z
    .string({ error: 'Please give a reason for the rejection.' })
    .trim()
    .superRefine(multiLine('Reason'))
    .min(1, 'Please give a reason for the rejection.')
    .max(
      REJECTION_REASON_MAX,
      `The reason is too long: at most ${REJECTION_REASON_MAX} characters.`,
    ),
});

const onSubmission = (submissionId: string, command: SubmissionCommand) => [
  onStream(submissionModel, submissionStreamId(submissionId), {
    id: submissionId,
    decide: (state, now) => submissionDecider.decide(command, state, now),
  }),
];

export const submissionCommands = {
  SubmitProvider: declareCommand({
    schema: submitProviderCommand,
    prepare: (c, { newId }) => ({ ...c, submissionId: c.submissionId ?? newId() }),
    streams: ({ submissionId = '', payload, userAgent }) => [
      onStream(submissionModel, submissionStreamId(submissionId), {
        id: submissionId,
        decide: (state, now) =>
          submissionDecider.decide(
            { type: 'Submit', submissionId, ...payload, timestamp: now.toISOString(), userAgent },
            state,
            now,
          ),
      }),
    ],
  }),
  StartSubmissionReview: declareCommand({
    schema: startSubmissionReviewCommand,
    streams: ({ submissionId }) =>
      onSubmission(submissionId, { type: 'StartReview', submissionId }),
  }),
  AcceptSubmission: declareCommand({
    schema: acceptSubmissionCommand,
    streams: ({ submissionId, providerId }) =>
      onSubmission(submissionId, { type: 'Accept', submissionId, providerId }),
  }),
  RejectSubmission: declareCommand({
    schema: rejectSubmissionCommand,
    streams: ({ submissionId, reason }) =>
      onSubmission(submissionId, { type: 'Reject', submissionId, reason }),
  }),
};
