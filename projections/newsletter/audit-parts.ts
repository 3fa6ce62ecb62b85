/**
 * The newsletter's parts (subscribers, issues, price alerts) each describe their own events;
 * the capability declares one audit describer, so this joins them by event type.
 */
import type { AuditDescriber } from '../audit';

export function joinAuditDescribers(...describers: AuditDescriber[]): AuditDescriber {
  const byType = new Map<string, AuditDescriber>();
  for (const describer of describers) {
    for (const type of describer.eventTypes) {
      if (byType.has(type)) throw new Error(`Two newsletter audit describers for ${type}`);
      byType.set(type, describer);
    }
  }
  const of = (type: string): AuditDescriber => {
    const describer = byType.get(type);
    if (!describer) throw new Error(`No newsletter audit describer for ${type}`);
    return describer;
  };
  return {
    eventTypes: [...byType.keys()],
    subjectOf: (event) => of(event.type).subjectOf(event),
    describe: (event, id, known) => of(event.type).describe(event, id, known),
  };
}
