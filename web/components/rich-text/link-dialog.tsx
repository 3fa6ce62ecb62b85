/**
 * The rich-text editor's link dialog: the address (checked as it is applied), whether the link
 * opens in a new tab, and whether it is sponsored or nofollow. The rule of what a link carries
 * is the one the server applies on save and render (domain/blog/link-attributes.ts), so the
 * dialog disables what does not apply and says why: a link to one of the site's own pages is
 * always followed; an e-mail link opens the mail program.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  LINK_MESSAGES,
  linkAddressProblem,
  linkAttributes,
  linkKind,
  type LinkAttributes,
  type LinkChoices,
} from '../../../domain/blog/link-attributes';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Input } from '../ui/input';
import { Label } from '../ui/label';

/** The link being edited (null: a new link). */
export interface ExistingLink {
  href: string;
  choices: LinkChoices;
}

export interface LinkResult extends LinkAttributes {
  href: string;
  /** The words to link when nothing was selected ('' when the address is to be shown). */
  text: string;
}

export function LinkDialog({
  open,
  onOpenChange,
  existing,
  askForText,
  siteOrigin,
  onApply,
  onRemove,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  existing: ExistingLink | null;
  /** Nothing is selected: the dialog asks for the words to link. */
  askForText: boolean;
  /** This site's origin: addresses on its host are internal. */
  siteOrigin: string;
  onApply: (link: LinkResult) => void;
  onRemove: () => void;
  /** After closing, however it closed (focus goes back to the editor). */
  onClosed: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        {open ? (
          <LinkForm
            existing={existing}
            askForText={askForText}
            siteOrigin={siteOrigin}
            onApply={(link) => {
              onOpenChange(false);
              onApply(link);
            }}
            onRemove={() => {
              onOpenChange(false);
              onRemove();
            }}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function LinkForm({
  existing,
  askForText,
  siteOrigin,
  onApply,
  onRemove,
  onCancel,
}: {
  existing: ExistingLink | null;
  askForText: boolean;
  siteOrigin: string;
  onApply: (link: LinkResult) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [href, setHref] = useState(existing?.href ?? '');
  const [text, setText] = useState('');
  const [choices, setChoices] = useState<LinkChoices>(
    existing?.choices ?? { newTab: false, sponsored: false, nofollow: false },
  );
  const [error, setError] = useState<string | null>(null);

  // What the address is once it is a valid one: until then every choice stays open.
  const kind = linkAddressProblem(href) === null ? linkKind(href, siteOrigin) : null;
  const newTabApplies = kind !== 'email';
  const relApplies = kind === null || kind === 'external';
  const explanation =
    kind === 'internal' ? LINK_MESSAGES.internal : kind === 'email' ? LINK_MESSAGES.email : null;
  const explanationId = `${id}-why`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React bubbles its events to the editor's form: not a save.
    event.stopPropagation();
    const problem = linkAddressProblem(href);
    if (problem) {
      setError(problem);
      document.getElementById(`${id}-href`)?.focus();
      return;
    }
    const address = href.trim();
    onApply({ href: address, text: text.trim(), ...linkAttributes(address, choices, siteOrigin) });
  };

  const option = (
    key: 'newTab' | 'sponsored' | 'nofollow',
    label: string,
    applies: boolean,
    hint?: string,
  ) => (
    <div className="flex items-start gap-3">
      <Checkbox
        id={`${id}-${key}`}
        className="mt-0.5"
        checked={applies && Boolean(choices[key])}
        disabled={!applies}
        aria-describedby={
          [!applies && explanation ? explanationId : null, hint ? `${id}-${key}-hint` : null]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onCheckedChange={(checked) => setChoices((c) => ({ ...c, [key]: checked === true }))}
      />
      <div className="grid gap-1">
        <Label htmlFor={`${id}-${key}`} className="leading-snug">
          {label}
        </Label>
        {hint ? (
          <p id={`${id}-${key}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{existing ? 'Edit link' : 'Add a link'}</DialogTitle>
        <DialogDescription>
          A page of this site (starting with /), a full web address, or an e-mail address (mailto:).
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-href`}>Link address</Label>
        <Input
          id={`${id}-href`}
          type="url"
          inputMode="url"
          autoComplete="off"
          value={href}
          autoFocus
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setHref(event.target.value);
            if (error) setError(null);
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      {askForText ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-text`}>Text to show</Label>
          <Input
            id={`${id}-text`}
            value={text}
            aria-describedby={`${id}-text-hint`}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={`${id}-text-hint`} className="text-sm text-muted-foreground">
            Left empty, the address is shown.
          </p>
        </div>
      ) : null}
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">How the link behaves</legend>
        {option('newTab', 'Open in a new tab', newTabApplies)}
        {option(
          'sponsored',
          'Sponsored (paid or affiliate)',
          relApplies,
          'Tells search engines the link is paid for or earns a commission.',
        )}
        {option(
          'nofollow',
          'Nofollow',
          relApplies,
          'Asks search engines not to vouch for the page linked to.',
        )}
        {explanation ? (
          <p id={explanationId} className="text-sm text-muted-foreground">
            {explanation}
          </p>
        ) : null}
      </fieldset>
      <DialogFooter className="gap-2">
        {existing ? (
          <Button type="button" variant="outline" className="sm:mr-auto" onClick={onRemove}>
            Remove link
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{existing ? 'Update link' : 'Add link'}</Button>
      </DialogFooter>
    </form>
  );
}
