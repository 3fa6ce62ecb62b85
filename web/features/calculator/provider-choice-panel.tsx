import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { useHydrated } from '../../lib/use-hydrated';

/** The calculators' selects inside the panel. */
export const CHOICE_SELECT_CLASS =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm';

/**
 * "Use a provider's …": a button that opens a panel of listed providers' entered values. The
 * panel's body mounts (and fetches its list) only once opened; before hydration nothing is
 * shown, since a choice fills the form in the browser and the values are typed without it.
 */
export function ProviderChoicePanel({
  label,
  panelClassName,
  children,
}: {
  label: ReactNode;
  panelClassName: string;
  /** The open panel's content, given the id prefix its fields use. */
  children: (id: string) => ReactNode;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!hydrated) return null;
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
        {label}
      </Button>
      {open ? (
        <div id={panelId} className={panelClassName}>
          {children(id)}
        </div>
      ) : null}
    </div>
  );
}
