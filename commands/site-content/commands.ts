/**
 * Site content commands: set one content key (create or change its row) and save or remove
 * one page's SEO override. Content is checked against its key's rule here (the same rule the
 * back office shows), so the 400 names the key and says what it must be.
 */
import { z } from 'zod';
import { contentRowDecider, seoOverrideDecider } from '../../domain/site-content/decider';
import {
  seoOverrideStreamId,
  siteContentEventSchemas,
  siteContentStreamId,
} from '../../domain/site-content/events';
import {
  UNKNOWN_KEY_MESSAGE,
  isSiteContentKey,
  validateSiteContent,
} from '../../domain/site-content/keys';
import { seoPageRefOf, seoPath, validateSeoOverride } from '../../domain/site-content/seo';
import { declareCommand, onStream, writeModel } from '../command';

const contentModel = writeModel(contentRowDecider, siteContentEventSchemas);
const seoModel = writeModel(seoOverrideDecider, siteContentEventSchemas);

export const setSiteContentCommand = z
  .object({
    type: z.literal('SetSiteContent'),
    key: z.unknown(),
    content: z.unknown(),
    active: z.boolean({ error: 'active must be true or false' }).default(true),
  })
  .transform((command, ctx) => {
    if (!isSiteContentKey(command.key)) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: UNKNOWN_KEY_MESSAGE });
      return z.NEVER;
    }
    const check = validateSiteContent(command.key, command.content);
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: check.message });
      return z.NEVER;
    }
    return {
      type: command.type,
      key: command.key,
      content: check.content,
      active: command.active,
    };
  });

const addFields = (ctx: z.RefinementCtx, fields: Record<string, string | undefined>) => {
  for (const [path, message] of Object.entries(fields)) {
    if (message) ctx.addIssue({ code: 'custom', path: [path], message });
  }
};

export const saveSeoOverrideCommand = z
  .object({ type: z.literal('SaveSeoOverride') })
  .catchall(z.unknown())
  .transform((command, ctx) => {
    const check = validateSeoOverride(command);
    if (!check.ok) {
      addFields(ctx, check.fields);
      return z.NEVER;
    }
    return { type: command.type, override: check.value };
  });

export const removeSeoOverrideCommand = z
  .object({ type: z.literal('RemoveSeoOverride') })
  .catchall(z.unknown())
  .transform((command, ctx) => {
    const page = seoPageRefOf(command);
    if (!page.ok) {
      addFields(ctx, page.fields);
      return z.NEVER;
    }
    return { type: command.type, ...page.ref, path: seoPath(page.ref) };
  });

export const siteContentCommands = {
  SetSiteContent: declareCommand({
    schema: setSiteContentCommand,
    streams: ({ key, content, active }) => [
      onStream(contentModel, siteContentStreamId(key), {
        id: key,
        decide: (state, now) =>
          contentRowDecider.decide({ type: 'SetContent', key, content, active }, state, now),
      }),
    ],
  }),
  SaveSeoOverride: declareCommand({
    schema: saveSeoOverrideCommand,
    streams: ({ override }) => [
      onStream(seoModel, seoOverrideStreamId(override), {
        id: override.path,
        decide: (state, now) =>
          seoOverrideDecider.decide({ type: 'SaveOverride', ...override }, state, now),
      }),
    ],
  }),
  RemoveSeoOverride: declareCommand({
    schema: removeSeoOverrideCommand,
    streams: ({ type: _type, ...page }) => [
      onStream(seoModel, seoOverrideStreamId(page), {
        id: page.path,
        decide: (state, now) =>
          seoOverrideDecider.decide({ type: 'RemoveOverride', ...page }, state, now),
      }),
    ],
  }),
};
