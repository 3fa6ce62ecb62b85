import { useDeferredValue, useMemo } from 'react';
import { diffCounts, wordDiff, type DiffPart } from '../../../../domain/blog/word-diff';
import { postText } from '../post-form';

/** The texts compared: the editor's now, and a version's. */
export interface ComparedText {
  title: string;
  excerpt: string;
  /** HTML: compared as its text. */
  content: string;
}

/** Removed and added words: marked by the line, not by colour alone (and not in error red). */
const REMOVED = 'rounded-sm bg-muted px-0.5 text-muted-foreground line-through decoration-2';
const ADDED =
  'rounded-sm bg-primary-soft px-0.5 text-primary-soft-foreground underline decoration-2 underline-offset-2';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One version of a post against the editor's current text, word by word (domain/blog/
 * word-diff.ts): the title and excerpt when they differ, and the whole text. Removed words are
 * struck through and added ones underlined, each also named for screen readers, so the marks
 * never rest on colour alone.
 */
export function RevisionCompare({
  id,
  current,
  version,
}: {
  id: string;
  current: ComparedText;
  version: ComparedText;
}) {
  // Typing in the editor stays quick: the comparison follows when React has time.
  const title = useDeferredValue(current.title);
  const excerpt = useDeferredValue(current.excerpt);
  const content = useDeferredValue(current.content);
  const diffs = useMemo(
    () => ({
      title: wordDiff(title, version.title),
      excerpt: wordDiff(excerpt, version.excerpt),
      content: wordDiff(postText(content), postText(version.content)),
    }),
    [title, excerpt, content, version.title, version.excerpt, version.content],
  );
  const counts = diffCounts([...diffs.title, ...diffs.excerpt, ...diffs.content]);
  const changed = (parts: DiffPart[]) => parts.some((p) => p.kind !== 'same');
  return (
    <div className="grid gap-3 text-sm">
      <p id={`${id}-summary`} role="status">
        {counts.removed === 0 && counts.added === 0
          ? 'The title, excerpt and text of this version are the same as in the editor.'
          : `Restoring this version would remove ${plural(counts.removed, 'word')} from the editor and bring back ${plural(counts.added, 'word')}.`}
      </p>
      <p className="text-muted-foreground">
        <span className={REMOVED}>Struck through</span>: in the editor now, not in this version.{' '}
        <span className={ADDED}>Underlined</span>: in this version, not in the editor.
      </p>
      {changed(diffs.title) ? <DiffBlock label="Title" parts={diffs.title} /> : null}
      {changed(diffs.excerpt) ? <DiffBlock label="Excerpt" parts={diffs.excerpt} /> : null}
      <DiffBlock label="Text" parts={diffs.content} scroll />
    </div>
  );
}

function DiffBlock({
  label,
  parts,
  scroll = false,
}: {
  label: string;
  parts: DiffPart[];
  scroll?: boolean;
}) {
  return (
    <figure className="grid gap-1">
      <figcaption className="font-medium">{label}</figcaption>
      <p
        className={
          scroll
            ? 'max-h-80 overflow-y-auto rounded-md border border-border bg-surface p-3 leading-relaxed break-words'
            : 'rounded-md border border-border bg-surface p-3 break-words'
        }
        // A scrolling region must be reachable from the keyboard.
        tabIndex={scroll ? 0 : undefined}
      >
        {parts.length === 0 ? <span className="text-muted-foreground">(empty)</span> : null}
        {parts.map((part, i) => (
          <DiffRun key={i} part={part} last={i === parts.length - 1} />
        ))}
      </p>
    </figure>
  );
}

function DiffRun({ part, last }: { part: DiffPart; last: boolean }) {
  const space = last ? '' : ' ';
  if (part.kind === 'same') return <>{`${part.text}${space}`}</>;
  if (part.kind === 'removed') {
    return (
      <>
        <del className={REMOVED}>
          <span className="sr-only">[removed: </span>
          {part.text}
          <span className="sr-only">]</span>
        </del>
        {space}
      </>
    );
  }
  return (
    <>
      <ins className={ADDED}>
        <span className="sr-only">[added: </span>
        {part.text}
        <span className="sr-only">]</span>
      </ins>
      {space}
    </>
  );
}
