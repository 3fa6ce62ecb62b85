/**
 * The provider editor's cost-and-trust sections (issue 25) under the details: offers, fees,
 * exit terms, care and trust, each saving on its own with its source and 'Checked today'.
 */
import { useState } from 'react';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { sellsCompounded } from '../facts-form';
import type { FactSectionContext } from './fact-section';
import { FeesEditor } from './fees-editor';
import { initialOffers, OffersEditor } from './offers-editor';
import { TermsEditor } from './terms-editor';
import { TrustEditor } from './trust-editor';

export function ProviderFactsSections({
  provider,
  context,
}: {
  provider: AdminProviderView;
  context: FactSectionContext;
}) {
  const [compounded, setCompounded] = useState(() => sellsCompounded(initialOffers(provider)));
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-bold tracking-tight">Cost and trust facts</h2>
        <p className="text-sm text-muted-foreground">
          Each section saves on its own. Every fact carries where it was read and the day it was
          checked; after 90 days the public pages say &lsquo;not rechecked since&rsquo; that day.
        </p>
      </CardHeader>
      <CardContent className="grid gap-10">
        <OffersEditor
          provider={provider}
          context={context}
          onOffersChange={(offers) => setCompounded(sellsCompounded(offers))}
        />
        <FeesEditor provider={provider} context={context} />
        <TermsEditor provider={provider} context={context} />
        <TrustEditor provider={provider} context={context} compounded={compounded} />
      </CardContent>
    </Card>
  );
}
