import type { VialScoreView } from '../../../../api/providers/contracts';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';
import { ScrollFrame } from '../../../components/ui/scroll-frame';

const percent = (share: number) => `${Math.round(share * 100)}%`;
/** Breakdown points are out of 5; the back office shows the 10-point scale (spec section 9). */
const outOf10 = (points: number) => (Math.round(points * 2 * 100) / 100).toFixed(2);

/** "7.4/10", 0 when there is no score (spec: Vial Score /10, 0 if missing). */
export function formatOutOf10(score: VialScoreView | null | undefined): string {
  return `${(score?.outOf10 ?? 0).toFixed(1)}/10`;
}

export function VialScoreValue({
  score,
  className,
}: {
  score: VialScoreView | null | undefined;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-2', className)}>
      <span className="font-semibold tabular-nums">{formatOutOf10(score)}</span>
      {score ? <Badge variant="secondary">{score.band}</Badge> : null}
    </span>
  );
}

/** Each input's weight, its value on the fixed reference band, and its points. */
export function VialScoreBreakdown({ score, caption }: { score: VialScoreView; caption: string }) {
  return (
    <ScrollFrame label={caption}>
      <table className="w-full min-w-[17rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Input
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Weight
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Value
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Points /10
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {score.breakdown.map((line) => (
            <tr key={line.input} className="border-t border-border">
              <th scope="row" className="py-1 pr-3 font-normal">
                {line.label}
              </th>
              <td className="py-1 pr-3 text-right">{percent(line.weight)}</td>
              <td className="py-1 pr-3 text-right">{percent(line.normalised)}</td>
              <td className="py-1 text-right">{outOf10(line.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}

/** The form's read-only Vial Score: the published score and what the values on screen would score. */
export function VialScorePanel({
  published,
  pending,
}: {
  published: VialScoreView | null;
  pending: VialScoreView;
}) {
  return (
    <section
      aria-labelledby="provider-vial-score"
      className="grid gap-3 rounded-md border border-border bg-surface p-4"
    >
      <div>
        <h2 id="provider-vial-score" className="text-lg font-semibold">
          Vial Score
        </h2>
        <p className="text-sm text-muted-foreground">
          Computed from the inputs below; published monthly
        </p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted-foreground">Published</dt>
          <dd>
            {published ? (
              <VialScoreValue score={published} />
            ) : (
              <span className="text-sm">Not published yet</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Pending (from the values in this form)</dt>
          <dd>
            <VialScoreValue score={pending} />
          </dd>
        </div>
      </dl>
      <details className="text-sm">
        <summary className="cursor-pointer py-1 font-medium">Pending score breakdown</summary>
        <div className="pt-2">
          <VialScoreBreakdown score={pending} caption="Pending Vial Score breakdown" />
        </div>
      </details>
    </section>
  );
}
