import { CircleHelp, ListOrdered, ShieldCheck } from 'lucide-react';
import { STANDARD_LADDERS, WEEKS_PER_STEP } from '../../../domain/shared/prices';
import { formatMg } from '../../../domain/shared/format';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { IconTile, type IconCardProps } from '../../components/icon-tile';
import { SiteLink } from '../../components/layout/site-link';

function InfoCard({ icon, title, children }: IconCardProps) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3">
        <IconTile>{icon}</IconTile>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-base leading-7 text-foreground">{children}</CardContent>
    </Card>
  );
}

function Ladder({ doses }: { doses: readonly number[] }) {
  return (
    <ol className="mt-2 flex flex-wrap gap-1.5" aria-label="Weekly doses, in order">
      {doses.map((mg) => (
        <li key={mg} className="rounded-md bg-muted px-2 py-0.5 text-sm tabular-nums">
          {formatMg(mg)}
        </li>
      ))}
    </ol>
  );
}

const [firstSema, topSema] = [
  STANDARD_LADDERS.semaglutide[0] ?? 0,
  STANDARD_LADDERS.semaglutide.at(-1) ?? 0,
];
const [firstTirz, topTirz] = [
  STANDARD_LADDERS.tirzepatide[0] ?? 0,
  STANDARD_LADDERS.tirzepatide.at(-1) ?? 0,
];

/** Common doses, safety guidelines and help, under the calculators. */
export function InfoCards() {
  return (
    <section aria-labelledby="calculator-info-title" className="mt-12">
      <h2 id="calculator-info-title" className="text-2xl font-bold tracking-tight">
        Doses, safety and help
      </h2>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <InfoCard icon={<ListOrdered className="size-5" />} title="Common doses">
          <p>
            Both are injected once a week. The dose usually rises every {WEEKS_PER_STEP} weeks or
            more, as your prescriber decides.
          </p>
          <h4 className="mt-4 font-semibold">
            Semaglutide (Wegovy, Ozempic): {formatMg(firstSema)} to {formatMg(topSema)} weekly
          </h4>
          <Ladder doses={STANDARD_LADDERS.semaglutide} />
          <p className="mt-1 text-sm text-muted-foreground">
            {formatMg(topSema)} is the usual maintenance dose.
          </p>
          <h4 className="mt-4 font-semibold">
            Tirzepatide (Zepbound, Mounjaro): {formatMg(firstTirz)} to {formatMg(topTirz)} weekly
          </h4>
          <Ladder doses={STANDARD_LADDERS.tirzepatide} />
          <p className="mt-1 text-sm text-muted-foreground">
            Maintenance is usually 5, 10 or 15 mg.
          </p>
        </InfoCard>

        <InfoCard icon={<ShieldCheck className="size-5" />} title="Safety guidelines">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              Check your dose three ways, in mg, ml and units, before you draw it. Mix-ups between
              them have caused overdoses with compounded semaglutide.
            </li>
            <li>Use a U-100 insulin syringe: 1 unit is 0.01 ml, and 100 units fill it (1 ml).</li>
            <li>Use a new needle and syringe for every injection, and never share them.</li>
            <li>Do not raise your dose sooner than your prescriber says.</li>
            <li>
              Get medical help at once for severe stomach pain that does not go away, or signs of an
              allergic reaction.
            </li>
          </ul>
        </InfoCard>

        <InfoCard icon={<CircleHelp className="size-5" />} title="How to use the calculators">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <strong className="font-semibold">Dosage:</strong> enter your dose in mg and the
              concentration on your vial (mg/ml) to see how much to draw, in ml and syringe units.
            </li>
            <li>
              <strong className="font-semibold">Cost:</strong> enter a price (for one vial or one
              month), the vial volume and concentration, plus your weekly dose, to compare plans by
              price per mg and see how long a vial lasts and what a month costs at your dose.
            </li>
            <li>
              <strong className="font-semibold">BMI:</strong> choose pounds and feet or kilograms
              and centimetres.
            </li>
            <li>Each result has its own web address: bookmark it or share it.</li>
            <li>
              Something wrong or unclear?{' '}
              <SiteLink
                to="/contact"
                className="font-medium text-primary underline underline-offset-4"
              >
                Contact us
              </SiteLink>
              .
            </li>
          </ul>
        </InfoCard>
      </div>
    </section>
  );
}
