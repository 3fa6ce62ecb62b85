import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { NEWSLETTER_DESK_PATHS } from '../api/admin-newsletter';

/**
 * The e-mail as subscribers will get it, rendered by the server from the saved issue (its own
 * page with a strict CSP, in a frame): the HTML part and the plain-text part. `dirty`: the
 * form holds changes the preview does not show yet.
 */
export function IssuePreview({
  issueId,
  revision,
  dirty,
}: {
  issueId: string;
  revision: number;
  dirty: boolean;
}) {
  const frame = 'h-[36rem] w-full rounded-md border border-border bg-background';
  // The tab panel takes the focus from the keyboard (Radix): show where it is.
  const panel =
    'rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-solid focus-visible:outline-ring';
  return (
    <section aria-labelledby="issue-preview-heading" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="issue-preview-heading" className="text-base font-semibold">
          Preview
        </h3>
        <p role="status" className="text-sm text-muted-foreground">
          {dirty
            ? 'Save to update the preview: it shows the issue as last saved.'
            : 'As last saved. Links in the preview are examples.'}
        </p>
      </div>
      <Tabs defaultValue="html">
        <TabsList aria-label="Preview part">
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Plain text</TabsTrigger>
        </TabsList>
        <TabsContent value="html" className={panel}>
          <iframe
            title="E-mail preview"
            src={NEWSLETTER_DESK_PATHS.previewFrame(issueId, 'html', revision)}
            className={frame}
            // The e-mail's own page: no scripts, no forms, links open outside the back office.
            sandbox="allow-popups allow-popups-to-escape-sandbox"
          />
        </TabsContent>
        <TabsContent value="text" className={panel}>
          <iframe
            title="E-mail preview, plain text"
            src={NEWSLETTER_DESK_PATHS.previewFrame(issueId, 'text', revision)}
            className={frame}
            sandbox=""
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}
