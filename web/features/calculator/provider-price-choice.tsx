import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/contracts/http';
import {
  PRICE_MEDICATIONS,
  providerPriceChoices,
  type ProviderPriceChoice as Choice,
} from '../../../domain/calculator/provider-prices';
import { readNumber } from '../../../domain/shared/input';
import type { LadderMedication } from '../../../domain/shared/prices';
import { Label } from '../../components/ui/label';
import { providerPricesQuery } from './api/provider-prices';
import { formatUsd } from './format';
import { CHOICE_SELECT_CLASS, ProviderChoicePanel } from './provider-choice-panel';

const MEDICATION_LABELS: Record<LadderMedication, string> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};

/**
 * 'Use a provider's price': fills the price from a listed provider's entered monthly price for
 * the chosen medication and the weekly dose typed. The list of every provider's prices is
 * fetched whole (no dose is sent) and filtered here. Needs JavaScript: without it nothing is
 * shown and the price is typed.
 */
export function ProviderPriceChoice({
  api,
  weeklyDose,
  onChoose,
}: {
  api: ApiClient;
  /** The dose as typed (not yet calculated). */
  weeklyDose: string;
  onChoose: (choice: Choice) => void;
}) {
  return (
    <ProviderChoicePanel
      label={<>Use a provider&rsquo;s price</>}
      panelClassName="grid gap-4 sm:grid-cols-2"
    >
      {(id) => <PriceList api={api} id={id} weeklyDose={weeklyDose} onChoose={onChoose} />}
    </ProviderChoicePanel>
  );
}

function PriceList({
  api,
  id,
  weeklyDose,
  onChoose,
}: {
  api: ApiClient;
  id: string;
  weeklyDose: string;
  onChoose: (choice: Choice) => void;
}) {
  const [medication, setMedication] = useState<LadderMedication>('semaglutide');
  const list = useQuery(providerPricesQuery(api));
  const dose = readNumber(weeklyDose);
  const choices = providerPriceChoices(list.data ?? [], medication, dose);
  return (
    <>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-medication`}>Medication</Label>
        <select
          id={`${id}-medication`}
          className={CHOICE_SELECT_CLASS}
          value={medication}
          onChange={(event) => setMedication(event.target.value as LadderMedication)}
        >
          {PRICE_MEDICATIONS.map((m) => (
            <option key={m} value={m}>
              {MEDICATION_LABELS[m]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-provider`}>Provider</Label>
        <select
          id={`${id}-provider`}
          className={CHOICE_SELECT_CLASS}
          value=""
          disabled={choices.length === 0}
          aria-describedby={`${id}-status`}
          onChange={(event) => {
            const choice = choices.find((c) => c.slug === event.target.value);
            if (choice) onChoose(choice);
          }}
        >
          <option value="">
            {choices.length === 0 ? 'No provider to choose' : 'Choose a provider'}
          </option>
          {choices.map((choice) => (
            <option key={choice.slug} value={choice.slug}>
              {choice.name}: {formatUsd(choice.monthly)}/mo
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-status`} role="status" className="text-sm text-muted-foreground sm:col-span-2">
        {list.isPending
          ? 'Loading the providers’ prices…'
          : list.isError
            ? 'The providers’ prices could not be loaded. Type the price instead.'
            : dose === null || dose <= 0
              ? 'Type your weekly dose first: providers are listed by their price for it.'
              : choices.length === 0
                ? `No listed provider entered a ${MEDICATION_LABELS[medication].toLowerCase()} price for ${dose} mg.`
                : `${choices.length} listed ${choices.length === 1 ? 'provider entered a price' : 'providers entered prices'} for ${dose} mg ${MEDICATION_LABELS[medication].toLowerCase()}, per month. Choosing one fills the price as a monthly price.`}
      </p>
    </>
  );
}
