/**
 * The post editor's pieces for issue 27, free of a browser:
 * - after another administrator's save, the form is rebased onto the latest version (what this
 *   administrator changed stays, everything else is the latest), and 'Take theirs' puts the
 *   latest value back in a field;
 * - the live preview renders the form's unsaved values with the public page's article (the
 *   title one level down, under the preview's heading), the body as the server sanitised it;
 * - a version compared with the editor marks removed and added words with <del>/<ins> and
 *   names them for screen readers.
 */
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PostPreviewView } from '../../../api/blog/contracts';
import {
  emptyPostForm,
  postText,
  rebaseForm,
  takeTheirs,
  type PostFormValues,
} from '../../../web/features/blog/post-form';
import { PostPreviewPanel } from '../../../web/features/blog/components/post-preview-panel';
import { RevisionCompare } from '../../../web/features/blog/components/revision-compare';

const opened: PostFormValues = {
  ...emptyPostForm(),
  title: 'Opened title',
  slug: 'opened-title',
  excerpt: 'Opened excerpt',
  content: '<p>Opened body</p>',
};

describe('rebaseForm(opened, latest, current)', () => {
  const latest: PostFormValues = {
    ...opened,
    excerpt: 'Their excerpt',
    slug: 'their-slug',
    publish: true,
  };
  it.each<{ case: string; current: Partial<PostFormValues>; want: Partial<PostFormValues> }>([
    {
      case: 'nothing typed: the latest version',
      current: {},
      want: { title: 'Opened title', excerpt: 'Their excerpt', slug: 'their-slug', publish: true },
    },
    {
      case: 'my title kept, their excerpt and slug taken',
      current: { title: 'My title' },
      want: { title: 'My title', excerpt: 'Their excerpt', slug: 'their-slug' },
    },
    {
      case: 'the same field changed by both: mine stays in the form (the dialog asks)',
      current: { excerpt: 'My excerpt' },
      want: { excerpt: 'My excerpt', slug: 'their-slug' },
    },
    {
      case: 'the publication choice I changed stays',
      current: { publishAt: '2030-01-01T10:00' },
      want: { publishAt: '2030-01-01T10:00', publish: true },
    },
  ])('$case', ({ current, want }) => {
    expect(rebaseForm(opened, latest, { ...opened, ...current })).toMatchObject(want);
  });
});

describe('takeTheirs(values, latest, fields)', () => {
  it('sets the named fields to the latest values and leaves the others', () => {
    const values = { ...opened, title: 'Mine', excerpt: 'Mine too' };
    const latest = { ...opened, title: 'Theirs', excerpt: 'Theirs too', publish: true };
    expect(takeTheirs(values, latest, ['title', 'publish', 'unknown'])).toEqual({
      ...values,
      title: 'Theirs',
    });
  });
});

describe('postText (no DOM: the server render)', () => {
  it.each([
    ['<p>a</p><p>b</p>', 'a b'],
    ['  <h2>Week  one</h2>\n<ul><li>Start low</li></ul> ', 'Week one Start low'],
    ['', ''],
  ])('%j reads as %j', (html, text) => {
    expect(postText(html)).toBe(text);
  });
});

function renderPreview(values: PostFormValues, view: PostPreviewView | null) {
  const client = new QueryClient();
  if (view) {
    client.setQueryData(
      ['admin', 'blog', 'live-preview', { content: values.content, excerpt: values.excerpt }],
      view,
    );
  }
  // React's text separators (<!-- -->) left out, so the text reads as the visitor sees it.
  return renderToString(
    <QueryClientProvider client={client}>
      <PostPreviewPanel id="preview" values={values} publishedAt={null} />
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, '');
}

describe('PostPreviewPanel', () => {
  const values: PostFormValues = {
    ...emptyPostForm(),
    title: 'Unsaved <b>title</b>',
    excerpt: '',
    authorName: ' ',
    featuredImageUrl: 'https://img.example/cover.png',
    content: '<p>Typed</p><script>x()</script>',
    enableReviewsSchema: true,
  };

  it('shows the unsaved values as the post page does, the body as the server sanitised it', () => {
    const html = renderPreview(values, {
      html: '<p>Typed</p>',
      readTimeMinutes: 1,
      publicExcerpt: 'Typed',
    });
    expect(html).toContain('Live preview');
    expect(html).toMatch(/<h2[^>]*>Unsaved &lt;b&gt;title&lt;\/b&gt;<\/h2>/);
    expect(html).not.toContain('<h1');
    expect(html).toContain('src="https://img.example/cover.png"');
    expect(html).toContain('Expert Review');
    expect(html).toContain('By Admin');
    expect(html).toContain('1 min read');
    expect(html).toContain('<p>Typed</p>');
    expect(html).not.toContain('<script');
    // No excerpt typed: the public page's fallback, from the server.
    expect(html).toMatch(/border-l-4[^>]*>Typed<\/p>/);
  });

  it('for a new empty post, says untitled and shows no half-typed image address', () => {
    const html = renderPreview(
      { ...emptyPostForm(), featuredImageUrl: 'htt', title: ' ' },
      { html: '', readTimeMinutes: 1, publicExcerpt: '' },
    );
    expect(html).toContain('Untitled post');
    expect(html).not.toContain('<img');
  });

  it('before the server answers, never shows the unsanitised body', () => {
    const html = renderPreview(values, null);
    expect(html).not.toContain('x()');
    expect(html).toContain('Unsaved');
  });
});

describe('RevisionCompare', () => {
  it('marks what restoring removes and brings back, with words for screen readers', () => {
    const html = renderToString(
      <RevisionCompare
        id="r1"
        current={{ title: 'Same', excerpt: '', content: '<p>Start at 0.5 mg weekly</p>' }}
        version={{ title: 'Same', excerpt: '', content: '<p>Start at 0.25 mg weekly</p>' }}
      />,
    ).replace(/<!-- -->/g, '');
    expect(html).toMatch(/<del[^>]*><span class="sr-only">\[removed: <\/span>0.5<span/);
    expect(html).toMatch(/<ins[^>]*><span class="sr-only">\[added: <\/span>0.25<span/);
    expect(html).toContain(
      'Restoring this version would remove 1 word from the editor and bring back 1 word.',
    );
    expect(html).toContain('Struck through');
    expect(html).not.toContain('>Title<');
  });

  it('says so when the version is the editor’s text', () => {
    const same = { title: 'T', excerpt: 'E', content: '<p>Body</p>' };
    const html = renderToString(<RevisionCompare id="r2" current={same} version={same} />);
    expect(html).toContain('are the same as in the editor');
  });
});
