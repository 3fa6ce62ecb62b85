import type { VialScoreMethodView } from '../../../../api/providers/contracts';
import {
  VIAL_SCORE_BANDS,
  VIAL_SCORE_INPUT_RULES,
  VIAL_SCORE_WEIGHTS,
  type VialScoreInput,
} from '../../../../domain/providers/vial-score';
import { VIAL_SCORE_PAGE } from '../../../../domain/providers/vial-score-page';
import { ScrollFrame } from '../../../components/ui/scroll-frame';

const pct = (n: number) => `${Math.round(n * 100)}%`;
const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * /vial-score: the method from domain/providers/vial-score.ts (weights, bands, normalisation),
 * both scales, the version, the date scores were last recomputed (from the events) and a
 * worked example computed from the provider ranked first.
 */
export function VialScoreMethodPage({ method }: { method: VialScoreMethodView | null }) {
  const example = method?.example ?? null;
  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{VIAL_SCORE_PAGE.heading}</h1>
      <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">
        {VIAL_SCORE_PAGE.intro} Visitors see the score out of 5.0; the back office shows the same
        score out of 10 (twice the score out of 5).
      </p>
      <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div>
          <dt className="inline font-semibold">Methodology version: </dt>
          <dd className="inline tabular-nums">{method?.version ?? 'unavailable'}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Scores last recomputed: </dt>
          <dd className="inline">
            {method?.lastRecomputedAt ? (
              <time dateTime={method.lastRecomputedAt}>{formatDate(method.lastRecomputedAt)}</time>
            ) : (
              'not yet recomputed'
            )}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="inputs-heading" className="mt-10">
        <h2 id="inputs-heading" className="text-2xl font-bold tracking-tight">
          The five inputs
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          Each input becomes a value from 0 to 1 against a fixed reference, never against other
          providers. Points out of 5 = weight × value × 5.
        </p>
        <ScrollFrame label="Vial Score inputs and their weights" frameClassName="mt-4">
          <table
            data-stacked=""

            className="w-full min-w-[36rem] border-collapse text-left"
          >
            <caption className="sr-only">Vial Score inputs and their weights</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-4">
                  Input
                </th>
                <th scope="col" className="py-2 pr-4">
                  Weight
                </th>
                <th scope="col" className="py-2">
                  How it is measured
                </th>
              </tr>
            </thead>
            <tbody>
              {VIAL_SCORE_WEIGHTS.map((w) => (
                <tr key={w.input} className="border-b border-border align-top">
                  <th scope="row" className="py-3 pr-4 font-semibold">
                    {w.label}
                  </th>
                  <td data-label="Weight" className="py-3 pr-4 tabular-nums">
                    {pct(w.weight)}
                  </td>
                  <td className="py-3 leading-6">
                    {VIAL_SCORE_INPUT_RULES[w.input as VialScoreInput]}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollFrame>
      </section>

      <section aria-labelledby="bands-heading" className="mt-10">
        <h2 id="bands-heading" className="text-2xl font-bold tracking-tight">
          The four bands
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {VIAL_SCORE_BANDS.map((b, i) => (
            <li key={b.band}>
              <span className="font-semibold">{b.band}</span>:{' '}
              <span className="tabular-nums">
                {b.to === null
                  ? `below ${(VIAL_SCORE_BANDS[i - 1]?.from ?? 0).toFixed(1)}`
                  : `${b.from.toFixed(1)} to ${b.to.toFixed(1)}`}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="ranking-heading" className="mt-10">
        <h2 id="ranking-heading" className="text-2xl font-bold tracking-tight">
          How the list is ordered: Vial Score and Editor&rsquo;s rating
        </h2>
        <p className="mt-2 max-w-3xl leading-7">
          Providers are listed by their Vial Score, highest first. Our editors may also give a
          provider an Editor&rsquo;s rating out of 5.0; when they do, that rating places the
          provider in the list instead of its Vial Score, and its card shows the Editor&rsquo;s
          rating next to the Vial Score, so the number the order follows is always on the card. The
          word under the score is the score&rsquo;s band unless our editors chose a label.
        </p>
        <p className="mt-3 max-w-3xl leading-7">
          The Vial Score is computed by the published method above, the same for every provider. An
          Editor&rsquo;s rating is a judgement our editors enter by hand; where there is one, it
          replaces the Vial Score in the ranking and is always labelled &lsquo;Editor&rsquo;s
          rating&rsquo;. Whether we earn a commission from a provider&rsquo;s link is shown on its
          card and page, and never affects the order.
        </p>
      </section>

      <section aria-labelledby="example-heading" className="mt-10">
        <h2 id="example-heading" className="text-2xl font-bold tracking-tight">
          Worked example
        </h2>
        {example ? (
          <>
            <p className="mt-2 max-w-3xl leading-7">
              {example.name}, ranked first today: {example.statesServed} states served,{' '}
              {example.medications.length} medication
              {example.medications.length === 1 ? '' : 's'} offered (
              {example.medications.join(', ') || 'none'}), Google {reviewScore(example.googleScore)}
              , Trustpilot {reviewScore(example.trustpilotScore)}, and{' '}
              {pct(example.pricedLadderShare)} of the standard doses priced.
            </p>
            <ScrollFrame label={`Worked example for ${example.name}`} frameClassName="mt-4">
              <table
                data-stacked=""

                className="w-full min-w-[32rem] border-collapse text-left tabular-nums"
              >
                <caption className="sr-only">Worked example for {example.name}</caption>
                <thead>
                  <tr className="border-b border-border">
                    <th scope="col" className="py-2 pr-4">
                      Input
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Value (0 to 1)
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Weight
                    </th>
                    <th scope="col" className="py-2">
                      Points
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {example.computed.breakdown.map((line) => (
                    <tr key={line.input} className="border-b border-border">
                      <th scope="row" className="py-2 pr-4 font-normal">
                        {line.label}
                      </th>
                      <td data-label="Value (0 to 1)" className="py-2 pr-4">
                        {line.normalised}
                      </td>
                      <td data-label="Weight" className="py-2 pr-4">
                        {pct(line.weight)}
                      </td>
                      <td data-label="Points" className="py-2">
                        {line.points}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" className="py-2 pr-4" colSpan={3}>
                      Vial Score from today’s data
                    </th>
                    <td className="py-2 font-semibold">
                      {example.computed.outOf5.toFixed(1)} / 5 ({example.computed.band}) ={' '}
                      {example.computed.outOf10.toFixed(1)} / 10
                    </td>
                  </tr>
                </tfoot>
              </table>
            </ScrollFrame>
            <p className="mt-3 text-sm text-muted-foreground">
              {example.published
                ? `The published score, from the ${example.publishedMonth ?? 'last'} recomputation, is ${example.published.outOf5.toFixed(1)} / 5; it changes at the next monthly recomputation if the data changed.`
                : 'This provider’s score has not been published yet; it will be at the next recomputation.'}
            </p>
          </>
        ) : (
          <p className="mt-2 text-muted-foreground">
            No provider is listed yet, so there is no example to compute.
          </p>
        )}
      </section>
    </article>
  );
}

/** A review score as entered ('4.5 / 5'), or that none was entered (it then counts 0 points). */
function reviewScore(score: number | null): string {
  return score === null ? 'not entered (0 points)' : `${score} / 5`;
}
