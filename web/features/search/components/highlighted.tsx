import type { TextSegment } from '../../../../api/search/contracts';

/** Text with the matched words marked. */
export function Highlighted({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.match ? (
          <mark
            key={i}
            className="rounded-sm bg-primary-soft px-0.5 font-semibold text-primary-soft-foreground"
          >
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
