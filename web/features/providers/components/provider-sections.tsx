/**
 * The parts of a provider page that the compare page shows too: the price table of one
 * medication, the Vial Score's parts, the entered ratings.
 */
import type { ProviderPageView } from '../../../../api/providers/contracts';
import { formatCount, formatScore, formatUsd } from '../../../lib/format';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';

type TitrationCost = ProviderPageView['titration'][number];

export const MEDICATION_NAMES: Readonly<Record<TitrationCost['medication'], string>> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};

export function PriceTable({
  table,
  caption,
}: {
  table: ProviderPageView['priceTables'][number];
  caption: string;
}) {
  return (
    <Table className="caption-top">
      <caption className="mb-2 text-left text-sm font-semibold text-foreground">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Weekly dose</TableHead>
          <TableHead scope="col" className="text-right">
            Monthly price
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {table.rows.map((row) => (
          <TableRow key={row.label}>
            <TableCell>{row.dose}</TableCell>
            <TableCell className="text-right tabular-nums">{formatUsd(row.monthly)}/mo</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ScoreBreakdown({ page }: { page: ProviderPageView }) {
  const score = page.vialScore;
  // Headers wrap and cells pad less on phones, so the points column and the total stay in
  // view at 360 px instead of sitting off to the side of a scrolling box.
  return (
    <Table className="caption-top [&_td]:px-2 [&_th]:h-auto [&_th]:px-2 [&_th]:py-2 [&_th]:whitespace-normal sm:[&_td]:px-3 sm:[&_th]:px-3">
      <caption className="mb-2 text-left text-sm font-semibold text-foreground">
        How the Vial Score of {formatScore(score.outOf5)} is made
      </caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Input</TableHead>
          <TableHead scope="col" className="text-right">
            Weight
          </TableHead>
          <TableHead scope="col" className="text-right">
            Value <span className="whitespace-nowrap">(0–100%)</span>
          </TableHead>
          <TableHead scope="col" className="text-right">
            Points <span className="whitespace-nowrap">(of 5)</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {score.breakdown.map((line) => (
          <TableRow key={line.input}>
            <TableHead scope="row" className="font-normal text-foreground">
              {line.label}
            </TableHead>
            <TableCell className="text-right tabular-nums">
              {Math.round(line.weight * 100)}%
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {Math.round(line.normalised * 1000) / 10}%
            </TableCell>
            <TableCell className="text-right tabular-nums">{line.points.toFixed(2)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableHead scope="row" className="text-foreground">
            Vial Score
          </TableHead>
          <TableCell />
          <TableCell />
          <TableCell className="text-right font-semibold tabular-nums">
            {formatScore(score.outOf5)} / 5.0
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** Only what an administrator entered: 'Trustpilot 4.5 / 5 (12,431 reviews)'. */
export function RatingLines({ ratings }: { ratings: ProviderPageView['ratings'] }) {
  return (
    <ul className="space-y-1 text-sm">
      {ratings.map((r) => (
        <li key={r.source}>
          <span className="font-medium">{r.source}</span>
          {r.score !== null ? (
            <>
              : <span className="tabular-nums">{r.score.toFixed(1)}</span> / 5
            </>
          ) : null}
          {r.count !== null ? (
            <span className="text-muted-foreground">
              {` (${formatCount(r.count)} ${r.source} review${r.count === 1 ? '' : 's'})`}
            </span>
          ) : null}
          <span className="text-muted-foreground">
            {' '}
            · source: {r.source}, as entered by our editors
          </span>
        </li>
      ))}
    </ul>
  );
}
