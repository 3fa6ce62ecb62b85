import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ConcentrationPresetView } from '../../../api/calculator/contracts';
import type { ApiClient } from '../../../api/contracts/http';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { useHydrated } from '../../lib/use-hydrated';
import { concentrationPresetsQuery } from './api/concentration-presets';

const SELECT_CLASS =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm';

const MEDICATION_LABELS = { semaglutide: 'semaglutide', tirzepatide: 'tirzepatide' } as const;

/** 'Provider X, tirzepatide, 2.5 mg/ml'. */
export const presetLabel = (preset: ConcentrationPresetView) =>
  `${preset.name}, ${MEDICATION_LABELS[preset.medication]}, ${preset.concentrationMgPerMl} mg/ml`;

/**
 * "Use a provider's vial": fills the concentration from a listed provider's vial as its
 * administrators entered it. The list is fetched whole (nothing typed is sent) once opened.
 * Needs JavaScript: without it nothing is shown and the concentration is typed from the label.
 */
export function ConcentrationPresetChoice({
  api,
  onChoose,
}: {
  api: ApiClient;
  onChoose: (preset: ConcentrationPresetView) => void;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const id = useId();
  const list = useQuery({ ...concentrationPresetsQuery(api), enabled: open });
  if (!hydrated) return null;
  const presets = list.data ?? [];
  const panelId = `${id}-panel`;

  return (
    <div className="grid gap-3 rounded-lg border border-border p-4">
      <Button
        type="button"
        variant="outline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="justify-self-start"
      >
        Use a provider&rsquo;s vial
      </Button>
      {open ? (
        <div id={panelId} className="grid gap-2">
          <Label htmlFor={`${id}-preset`}>Provider&rsquo;s vial</Label>
          <select
            id={`${id}-preset`}
            className={SELECT_CLASS}
            value=""
            disabled={presets.length === 0}
            aria-describedby={`${id}-status`}
            onChange={(event) => {
              const preset = presets[Number(event.target.value)];
              if (preset) onChoose(preset);
            }}
          >
            <option value="">
              {presets.length === 0 ? 'No vial to choose' : 'Choose a provider’s vial'}
            </option>
            {presets.map((preset, index) => (
              <option
                key={`${preset.slug}-${preset.medication}-${preset.concentrationMgPerMl}`}
                value={String(index)}
              >
                {presetLabel(preset)}
              </option>
            ))}
          </select>
          <p id={`${id}-status`} role="status" className="text-sm text-muted-foreground">
            {list.isPending
              ? 'Loading the providers’ vials…'
              : list.isError
                ? 'The providers’ vials could not be loaded. Type the concentration from your vial’s label.'
                : presets.length === 0
                  ? 'No listed provider has entered a vial concentration yet. Type it from your vial’s label.'
                  : 'As the providers state them. Check that it matches the label of the vial in your hand.'}
          </p>
        </div>
      ) : null}
    </div>
  );
}
