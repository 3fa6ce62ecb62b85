/**
 * The e-mail of a newsletter issue: the plain-text part converted from the body (headings,
 * paragraphs, lists, links, quotes), both parts carrying the reader's links and the footer
 * line, and everything that is text escaped in the HTML.
 */
import { describe, expect, it } from 'vitest';
import {
  htmlToText,
  mailBodyHtml,
  renderIssueMail,
  type IssueMailLinks,
} from '../../../domain/newsletter/issue-mail';

describe('htmlToText: the plain-text part of a body', () => {
  it.each([
    ['a paragraph', '<p>Prices moved this week.</p>', 'Prices moved this week.'],
    ['two paragraphs, a blank line apart', '<p>One.</p><p>Two.</p>', 'One.\n\nTwo.'],
    ['a heading, in capitals and underlined', '<h2>Price drops</h2>', 'PRICE DROPS\n==========='],
    [
      'a link, as text (url)',
      '<p>See <a href="https://example.com/p/acme">Acme</a> now.</p>',
      'See Acme (https://example.com/p/acme) now.',
    ],
    [
      'a link whose text is its address, once',
      '<p><a href="https://example.com/">https://example.com/</a></p>',
      'https://example.com/',
    ],
    ['a mailto link, as the address', '<p><a href="mailto:a@b.co">write</a></p>', 'write (a@b.co)'],
    [
      'a link to no web address: its text only',
      '<p><a href="javascript:alert(1)">click</a></p>',
      'click',
    ],
    ['a bulleted list', '<ul><li>One</li><li>Two</li></ul>', '- One\n- Two'],
    ['a numbered list', '<ol><li>First</li><li>Second</li></ol>', '1. First\n2. Second'],
    ['two lists, apart', '<ul><li>A</li></ul><ol><li>B</li></ol>', '- A\n\n1. B'],
    [
      'a quote of two paragraphs',
      '<blockquote><p>Quoted.</p><p>Still quoted.</p></blockquote>',
      '> Quoted.\n>\n> Still quoted.',
    ],
    ['a line break', '<p>line<br>next</p>', 'line\nnext'],
    [
      'entities decoded',
      '<p>5 &lt; 6 &amp; &quot;ok&quot; &#8212; done</p>',
      '5 < 6 & "ok" — done',
    ],
    ['scripts and styles dropped', '<p>a</p><script>x()</script><style>p{}</style>', 'a'],
    ['an image by its alt text', '<p><img src="https://x/y.png" alt="Chart"></p>', 'Chart'],
    ['a rule', '<p>a</p><hr><p>b</p>', 'a\n\n----------\n\nb'],
    ['spaces collapsed', '<p>  many    spaces\n here </p>', 'many spaces here'],
    ['nothing', '', ''],
  ])('%s', (_case, html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});

describe('mailBodyHtml: the body for a mailbox', () => {
  it.each([
    ['a script', '<p>a</p><script>alert(1)</script>', /script/i],
    ['an event handler', '<p onclick="x()">a</p>', /onclick/i],
    ['an author style', '<p style="position:fixed">a</p>', /position:fixed/],
    ['a javascript: link', '<a href="javascript:alert(1)">a</a>', /javascript:/i],
  ])('drops %s', (_case, html, unwanted) => {
    expect(mailBodyHtml(html)).not.toMatch(unwanted);
  });

  it('styles each element inline (mail programs drop style sheets)', () => {
    expect(mailBodyHtml('<p>a</p>')).toMatch(/^<p style="[^"]*font-size:16px[^"]*">a<\/p>$/);
    expect(mailBodyHtml('<h1>T</h1>')).toMatch(/^<h2 style=/);
  });
});

describe('renderIssueMail', () => {
  const links: IssueMailLinks = {
    siteUrl: 'https://vial.example',
    unsubscribeUrl: 'https://vial.example/unsubscribe/abc.mac1',
    preferencesUrl: 'https://vial.example/preferences/abc.mac2',
    archiveUrl: 'https://vial.example/newsletter/2026-11-20-weekly',
  };
  const footer = 'VialCompare, 100 Main Street, Springfield, OH 45501';
  const mail = renderIssueMail(
    {
      subject: 'Prices <this> week',
      preheader: 'Two drops & one rise',
      bodyHtml: '<h2>Price drops</h2><p>Acme: $299 → $249.</p>',
    },
    links,
    footer,
  );

  it('keeps the subject as written (the mailer encodes it)', () => {
    expect(mail.subject).toBe('Prices <this> week');
  });

  it.each([
    ['the unsubscribe link', links.unsubscribeUrl],
    ['the preferences link', links.preferencesUrl],
    ['the archive link', links.archiveUrl],
    ['the footer line', footer],
    ['why the reader gets it', 'Why you get this: you subscribed at'],
  ])('both parts carry %s', (_case, expected) => {
    expect(mail.html).toContain(expected);
    expect(mail.text).toContain(expected);
  });

  it('names the links as the reader reads them', () => {
    expect(mail.html).toContain(`href="${links.preferencesUrl}"`);
    expect(mail.html).toMatch(/>Change what you receive</);
    expect(mail.html).toMatch(/>Unsubscribe</);
    expect(mail.html).toMatch(/>Read online</);
  });

  it('escapes the subject and preheader in the HTML, and hides the preheader', () => {
    expect(mail.html).toContain('<title>Prices &lt;this&gt; week</title>');
    expect(mail.html).toMatch(/<span style="display:none[^"]*">Two drops &amp; one rise<\/span>/);
  });

  it('escapes a footer line that looks like HTML', () => {
    const tricky = renderIssueMail(
      { subject: 's', preheader: '', bodyHtml: '<p>b</p>' },
      links,
      '<b>1 Main St</b>',
    );
    expect(tricky.html).toContain('&lt;b&gt;1 Main St&lt;/b&gt;');
    expect(tricky.text).toContain('<b>1 Main St</b>');
  });

  it('is at most 600 px wide, in a table layout', () => {
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).toMatch(/<table role="presentation"/);
  });

  it('gives the text part the body converted, then the links', () => {
    expect(mail.text.startsWith('PRICE DROPS\n===========\n\nAcme: $299 → $249.')).toBe(true);
    expect(mail.text).toContain(`Unsubscribe: ${links.unsubscribeUrl}`);
  });
});
