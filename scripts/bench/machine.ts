/**
 * How fast this machine is at what a replay and a start mostly do (parsing JSON), measured
 * before the sections: the same code and history gave 4x different figures on machines of the
 * same kind (JSON.parse at ~55 and ~228 MB/s), so each run prints the speed it ran at, and
 * figures from two runs compare only beside it.
 */
import { loadavg } from 'node:os';

/** A 9 KB document shaped like a page of provider events. */
function sampleDocument(): string {
  const events = [];
  for (let i = 0; events.length < 40; i++) {
    events.push({
      type: 'ProviderPricesChanged',
      data: {
        providerId: `provider-${i}`,
        prices: { semaglutide: { '0.25 mg': 199 + i, '0.5 mg': 249, '1 mg': 299 } },
      },
      metadata: { actor: { kind: 'admin', id: 'a1b2c3' }, occurredAt: '2026-11-27T12:00:00.000Z' },
    });
  }
  return JSON.stringify(events);
}

export interface MachineSpeed {
  /** Megabytes of JSON parsed per second. */
  jsonMBps: number;
  /** Microseconds per parse of the 9 KB document. */
  parseMicros: number;
  load: number;
}

export function measureMachine(): MachineSpeed {
  const text = sampleDocument();
  const rounds = 20_000;
  let kept = 0;
  // Warm-up, then the timed rounds (the parsed value is used, so nothing is optimised away).
  for (let i = 0; i < 1_000; i++) kept += (JSON.parse(text) as unknown[]).length;
  const parseStarted = performance.now();
  for (let i = 0; i < rounds; i++) kept += (JSON.parse(text) as unknown[]).length;
  const parseSeconds = (performance.now() - parseStarted) / 1000;
  if (kept === 0) throw new Error('the sample document parsed to nothing');
  return {
    jsonMBps: (text.length * rounds) / 1e6 / parseSeconds,
    parseMicros: (parseSeconds * 1e6) / rounds,
    load: loadavg()[0] ?? 0,
  };
}

export function describeMachine(speed: MachineSpeed): string {
  return (
    `This machine: JSON.parse of a 9 KB document ${speed.parseMicros.toFixed(1)} µs, ` +
    `${speed.jsonMBps.toFixed(0)} MB/s (load average ${speed.load.toFixed(2)}). Figures from ` +
    'runs on machines of different speeds are not comparable.'
  );
}
