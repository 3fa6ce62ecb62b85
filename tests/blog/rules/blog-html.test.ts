/** The blog's one HTML allowlist: hostile HTML in, what survives out. */
import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from '../../../domain/blog/html';

describe('sanitizePostHtml: hostile HTML and what survives', () => {
  it.each([
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    [
      '<img src="https://x.test/a.png" onerror="alert(1)" alt="A">',
      '<img src="https://x.test/a.png" alt="A" loading="lazy" />',
    ],
    [
      '<img src="https://x.test/a.png">',
      '<img src="https://x.test/a.png" alt="" loading="lazy" />',
    ],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<p style="position:fixed">x</p><style>p{}</style>', '<p>x</p>'],
    ['<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>', '<a>x</a>'],
    ['<iframe src="https://www.youtube.com/embed/x"></iframe><p>after</p>', '<p>after</p>'],
    ['<form action="/x"><input name="a"><button>Go</button></form>', 'Go'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d">', '<img alt="d" loading="lazy" />'],
    ['<h1>Big</h1>', '<h2>Big</h2>'],
    // SVG and MathML tricks: the containers go, handlers and foreign URLs with them
    ['<svg onload="alert(1)"><circle r="4"/></svg><p>ok</p>', '<p>ok</p>'],
    ['<svg><use href="data:image/svg+xml;base64,PHN2Zz4="/></svg>', ''],
    [
      '<svg><animate attributeName="href" values="javascript:alert(1)"/><a><text>x</text></a></svg>',
      '<a>x</a>',
    ],
    [
      '<svg><foreignObject><img src="x" onerror="alert(1)"></foreignObject></svg>',
      '<img src="x" alt="" loading="lazy" />',
    ],
    [
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
      '<table></table>',
    ],
    ['<svg><style>@import url(https://evil.test/x.css)</style></svg>', ''],
    [
      '<img src="https://x.test/logo.svg" onload="alert(1)" alt="Logo">',
      '<img src="https://x.test/logo.svg" alt="Logo" loading="lazy" />',
    ],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    // rel is rebuilt from the author's choices (domain/blog/link-attributes.ts): unknown
    // tokens go, a new tab gets noopener noreferrer, sponsored/nofollow stay off-site only
    [
      '<a href="https://example.com" target="_blank" rel="opener">out</a>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>',
    ],
    [
      '<a href="https://example.com" rel="nofollow sponsored noopener">out</a>',
      '<a href="https://example.com" rel="sponsored nofollow">out</a>',
    ],
    [
      '<a href="/providers/x" target="_blank" rel="nofollow sponsored">in</a>',
      '<a href="/providers/x" target="_blank" rel="noopener">in</a>',
    ],
    [
      '<a href="https://example.com" target="_top">out</a>',
      '<a href="https://example.com">out</a>',
    ],
    [
      '<a href="mailto:hi@example.com" target="_blank" rel="nofollow">mail</a>',
      '<a href="mailto:hi@example.com">mail</a>',
    ],
    // srcset (and its sizes) only when every candidate is a media library file
    [
      '<img src="/media/abc/1024.png" alt="Pen" width="1024" height="768" srcset="/media/abc/320.webp 320w, /media/abc/1024.webp 1024w" sizes="(min-width: 48rem) 46rem, 100vw">',
      '<img src="/media/abc/1024.png" alt="Pen" width="1024" height="768" loading="lazy" srcset="/media/abc/320.webp 320w, /media/abc/1024.webp 1024w" sizes="(min-width: 48rem) 46rem, 100vw" />',
    ],
    [
      '<img src="https://x.test/a.png" alt="A" srcset="https://evil.test/a.png 320w" sizes="100vw">',
      '<img src="https://x.test/a.png" alt="A" loading="lazy" />',
    ],
    [
      '<img src="/media/abc/640.png" alt="" srcset="/media/abc/320.webp 320w, javascript:alert(1) 640w">',
      '<img src="/media/abc/640.png" alt="" loading="lazy" />',
    ],
    ['<a href="/blog/other">in</a>', '<a href="/blog/other">in</a>'],
    [
      '<h2>T</h2><ul><li>a</li></ul><blockquote>q</blockquote><table><tr><td>1</td></tr></table><pre><code>c</code></pre>',
      '<h2>T</h2><ul><li>a</li></ul><blockquote>q</blockquote><table><tr><td>1</td></tr></table><pre><code>c</code></pre>',
    ],
  ])('%j -> %j', (hostile, safe) => {
    expect(sanitizePostHtml(hostile)).toBe(safe);
  });

  it('with the site origin, absolute links to the site are internal: never nofollow or sponsored', () => {
    const html =
      '<a href="https://vialcompare.example/cost" rel="nofollow sponsored">own</a> <a href="https://other.example/" rel="nofollow">other</a>';
    expect(sanitizePostHtml(html, { siteOrigin: 'https://vialcompare.example' })).toBe(
      '<a href="https://vialcompare.example/cost">own</a> <a href="https://other.example/" rel="nofollow">other</a>',
    );
    // Without it (a save: the command knows no PUBLIC_URL), only relative links are internal.
    expect(sanitizePostHtml(html)).toBe(
      '<a href="https://vialcompare.example/cost" rel="sponsored nofollow">own</a> <a href="https://other.example/" rel="nofollow">other</a>',
    );
  });

  it('is idempotent: sanitising on render what was sanitised on save changes nothing', () => {
    const once = sanitizePostHtml(
      '<p onclick="x">a <a href="https://e.com" target="_blank" rel="sponsored">b</a><img src="https://e.com/i.png"><img src="/media/m/640.png" srcset="/media/m/320.webp 320w" sizes="100vw"></p>',
    );
    expect(sanitizePostHtml(once)).toBe(once);
  });
});
