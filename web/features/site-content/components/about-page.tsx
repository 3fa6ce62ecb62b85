import { Eye, Gift, Lock, Scale } from 'lucide-react';
import type { SiteContentView } from '../../../../api/site-content/contracts';
import { contentText, readContentCards } from '../../../../domain/site-content/keys';
import { ABOUT, ABOUT_VALUES, MEDICAL_DISCLAIMER } from '../../../../domain/site-content/pages';
import { IconTile } from '../../../components/icon-tile';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageIntro, PageSections } from './content-page';

const ICONS = [Scale, Eye, Gift, Lock];

/**
 * /about: mission, four value cards, what is offered, the medical disclaimer. The mission,
 * the value cards and the offer's paragraph are editable content (about_mission, about_values,
 * about_offer); a missing or inactive key keeps the built-in text.
 */
export function AboutPage({ content }: { content: SiteContentView }) {
  const [builtInOffer] = ABOUT.sections;
  const page = { ...ABOUT, intro: contentText(content.about_mission, ABOUT.intro) };
  const values = readContentCards('about_values', content.about_values) ?? ABOUT_VALUES;
  const offer = builtInOffer && {
    ...builtInOffer,
    paragraphs: [
      contentText(content.about_offer, builtInOffer.paragraphs[0] ?? ''),
      ...builtInOffer.paragraphs.slice(1),
    ],
  };
  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageIntro page={page} />
      <section aria-labelledby="values-heading" className="mt-12">
        <h2 id="values-heading" className="text-2xl font-bold tracking-tight">
          What we value
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value, i) => {
            const Icon = ICONS[i] ?? Scale;
            return (
              <Card key={`${i}-${value.title}`}>
                <CardHeader>
                  <IconTile className="[&_svg]:size-5">
                    <Icon aria-hidden="true" />
                  </IconTile>
                  <CardTitle className="mt-2 text-lg">{value.title}</CardTitle>
                  <CardDescription className="leading-6">{value.text}</CardDescription>
                </CardHeader>
              </Card>
            );
          })}
        </div>
      </section>
      {offer ? <PageSections page={{ ...page, sections: [offer] }} /> : null}
      <aside
        aria-label="Medical disclaimer"
        className="mt-12 max-w-3xl rounded-lg border border-border bg-surface p-5 leading-7"
      >
        <h2 className="font-semibold">Medical disclaimer</h2>
        <p className="mt-2">{MEDICAL_DISCLAIMER}</p>
      </aside>
    </article>
  );
}
