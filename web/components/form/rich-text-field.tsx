import { lazy, Suspense, useState, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Label } from '../ui/label';
import { Skeleton } from '../ui/skeleton';
import { Textarea } from '../ui/textarea';
import { useBoundField } from './form-kit';

// Loaded when a form shows it: Tiptap stays out of every other page's script.
const RichTextEditor = lazy(() => import('../rich-text-editor'));

/**
 * A required HTML field of a kit form (a post's content, a newsletter issue's body): the
 * rich-text editor, or its HTML source (the same value), with its hint and error. Render it in
 * a `form.AppField`.
 */
export function RichTextField({
  label,
  hint,
  className,
}: {
  label: string;
  hint: ReactNode;
  className?: string;
}) {
  const { field, id, error } = useBoundField<string>();
  const [source, setSource] = useState(false);
  const labelId = `${id}-label`;
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label id={labelId} htmlFor={source ? id : undefined}>
          {label}
          <span aria-hidden="true" className="text-destructive">
            {' '}
            *
          </span>
        </Label>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={source}
          onClick={() => setSource(!source)}
        >
          {source ? 'Rich text' : 'HTML source'}
        </Button>
      </div>
      {source ? (
        <Textarea
          id={id}
          rows={15}
          className="font-mono text-sm"
          value={field.state.value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => field.handleChange(e.target.value)}
          onBlur={field.handleBlur}
        />
      ) : (
        <Suspense fallback={<Skeleton className="h-80 w-full" />}>
          <div id={id}>
            <RichTextEditor
              labelledBy={labelId}
              describedBy={described}
              invalid={Boolean(error)}
              value={field.state.value}
              onChange={(html) => field.handleChange(html)}
              onBlur={field.handleBlur}
            />
          </div>
        </Suspense>
      )}
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
