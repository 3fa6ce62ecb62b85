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
    [
      '<a href="https://example.com" target="_blank" rel="opener">out</a>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">out</a>',
    ],
    ['<a href="/blog/other">in</a>', '<a href="/blog/other">in</a>'],
    [
      '<h2>T</h2><ul><li>a</li></ul><blockquote>q</blockquote><table><tr><td>1</td></tr></table><pre><code>c</code></pre>',
      '<h2>T</h2><ul><li>a</li></ul><blockquote>q</blockquote><table><tr><td>1</td></tr></table><pre><code>c</code></pre>',
    ],
  ])('%j -> %j', (hostile, safe) => {
    expect(sanitizePostHtml(hostile)).toBe(safe);
  });

  it('is idempotent: sanitising on render what was sanitised on save changes nothing', () => {
    const once = sanitizePostHtml(
      '<p onclick="x">a <a href="https://e.com">b</a><img src="https://e.com/i.png"></p>',
    );
    expect(sanitizePostHtml(once)).toBe(once);
  });
});
