/**
 * The preferences page a signed link in every mail opens: which medications, which state, and
 * which kinds of news. A plain form posted to the same address (works without JavaScript, and
 * with it, as the same post); the server saves and lands on ?saved=1. Native checkboxes and a
 * native select, so the browser posts them before (or without) hydration.
 */
import { MailCheck, SlidersHorizontal } from 'lucide-react';
import {
  PREFERENCE_FORM_FIELDS as F,
  PREFERENCE_MEDICATIONS,
  PREFERENCE_STATES,
  PREFERENCES_PAGE_MESSAGES as M,
  SUBSCRIBER_PATHS,
  type PreferencesView,
} from '../../../../api/newsletter/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

const SELECT_CLASS =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring sm:w-64 sm:text-sm';
const CHECKBOX_CLASS = 'size-5 shrink-0 accent-primary';
const OPTION_CLASS = 'flex min-h-11 items-center gap-3 text-base';

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12">
      <Card>
        <CardHeader className="gap-3">
          <SlidersHorizontal aria-hidden="true" className="size-8 text-primary" />
          <h1 className="text-2xl font-bold tracking-tight">{M.title}</h1>
        </CardHeader>
        <CardContent className="grid gap-6">{children}</CardContent>
      </Card>
    </div>
  );
}

export function PreferencesPage({
  token,
  preferences,
  saved,
}: {
  token: string;
  preferences: PreferencesView;
  saved: boolean;
}) {
  const action = SUBSCRIBER_PATHS.preferences(token);
  return (
    <Shell>
      {saved ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md border border-primary/40 bg-primary/5 p-3 font-medium"
        >
          <MailCheck aria-hidden="true" className="size-5 text-primary" />
          {M.saved}
        </p>
      ) : null}
      <p>
        {M.intro} <span className="text-muted-foreground">({preferences.email})</span>
      </p>
      {preferences.active ? null : <p className="text-muted-foreground">{M.inactive}</p>}
      <form method="post" action={action} className="grid gap-6">
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">{M.medicationsLegend}</legend>
          <p id="medications-hint" className="text-sm text-muted-foreground">
            {M.medicationsHint}
          </p>
          {PREFERENCE_MEDICATIONS.map((medication) => (
            <label key={medication.value} className={OPTION_CLASS}>
              <input
                type="checkbox"
                name={F.medications}
                value={medication.value}
                defaultChecked={preferences.medications.includes(medication.value)}
                aria-describedby="medications-hint"
                className={CHECKBOX_CLASS}
              />
              {medication.label}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-1.5">
          <label htmlFor="preferences-state" className="font-medium">
            {M.stateLabel}
          </label>
          <select
            id="preferences-state"
            name={F.state}
            defaultValue={preferences.state ?? ''}
            className={SELECT_CLASS}
          >
            <option value="">{M.anyState}</option>
            {PREFERENCE_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">{M.kindsLegend}</legend>
          <label className={OPTION_CLASS}>
            <input
              type="checkbox"
              name={F.weeklyIssue}
              value="on"
              defaultChecked={preferences.weeklyIssue}
              className={CHECKBOX_CLASS}
            />
            {M.weeklyIssue}
          </label>
          <label className={OPTION_CLASS}>
            <input
              type="checkbox"
              name={F.priceAlerts}
              value="on"
              defaultChecked={preferences.priceAlerts}
              className={CHECKBOX_CLASS}
            />
            {M.priceAlerts}
          </label>
        </fieldset>
        <div>
          <Button type="submit" size="lg">
            {M.save}
          </Button>
        </div>
      </form>
      <p className="text-sm">
        <a
          href={preferences.unsubscribePath}
          className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-2"
        >
          {M.unsubscribe}
        </a>
      </p>
    </Shell>
  );
}

/** The page when its data could not be read (the subscription is gone, or the server failed). */
export function PreferencesUnavailable({ message }: { message: string }) {
  return (
    <Shell>
      <p role="alert">{message}</p>
      <p>
        <a href="/" className="font-medium text-primary underline underline-offset-2">
          Go to the home page
        </a>
      </p>
    </Shell>
  );
}
