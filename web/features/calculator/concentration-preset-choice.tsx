import { useQuery } from '@tanstack/react-query';
import type { ConcentrationPresetView } from '../../../api/calculator/contracts';
import type { ApiClient } from '../../../api/contracts/http';
import { Label } from '../../components/ui/label';
import { concentrationPresetsQuery } from './api/concentration-presets';
import { CHOICE_SELECT_CLASS, ProviderChoicePanel } from './provider-choice-panel';

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
  return (
    <ProviderChoicePanel label={<>Use a provider&rsquo;s vial</>} panelClassName="grid gap-2">
      {(id) => <PresetList api={api} id={id} onChoose={onChoose} />}
    </ProviderChoicePanel>
  );
}

function PresetList({
  api,
  id,
  onChoose,
}: {
  api: ApiClient;
  id: string;
  onChoose: (preset: ConcentrationPresetView) => void;
}) {
  const list = useQuery(concentrationPresetsQuery(api));
  const presets = list.data ?? [];
  return (
    <>
      <Label htmlFor={`${id}-preset`}>Provider&rsquo;s vial</Label>
      <select
        id={`${id}-preset`}
        className={CHOICE_SELECT_CLASS}
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
    </>
  );
}
