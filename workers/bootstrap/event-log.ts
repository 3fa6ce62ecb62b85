/**
 * Opens the event log under the given `eventLog` hooks (in their order): the composition root
 * passes every capability's (./composition.ts), the rebuild thread the few it needs
 * (./rebuild-thread-parts.ts), without loading the capabilities.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openEventStore, type EventStore } from '../../commands/event-store';
import type { EventLogDecorator, EventLogHook } from './capability';
import type { Logger } from './logger';
import { required, type PlatformConfig } from './platform-config';

/**
 * The log with each hook's decorator applied, and the decorators (for their ports). Each
 * decorator is opened before the log; with `migrations` (the backend's start) they run their
 * one-time migrations of the stored log first.
 */
export async function openDecoratedEventLog<Env extends object>(
  hooks: readonly EventLogHook<object, Env>[],
  config: PlatformConfig & Env,
  migrations: Logger | null,
): Promise<{ eventStore: EventStore; decorators: EventLogDecorator<object>[] }> {
  const embedded = config.PROFILE === 'embedded';
  const embeddedFile = embedded ? path.join(config.dataDir, 'events.sqlite') : null;
  if (embedded) mkdirSync(config.dataDir, { recursive: true });
  const context = { config, embeddedFile, migrations };
  const decorators: EventLogDecorator<object>[] = [];
  let log: EventStore;
  try {
    for (const hook of hooks) decorators.push(await hook.open(context));
    log = await openEventStore(
      embeddedFile
        ? { kind: 'sqlite', path: embeddedFile }
        : { kind: 'esdb', url: required(config.EVENTSTORE_URL, 'EVENTSTORE_URL') },
    );
  } catch (error) {
    for (const decorator of decorators.reverse()) {
      await decorator.abandon().catch(() => undefined); // the first error is the one to report
    }
    throw error;
  }
  const eventStore = decorators.reduce((inner, decorator) => decorator.wrap(inner), log);
  return { eventStore, decorators };
}
