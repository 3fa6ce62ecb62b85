/**
 * The inline script a production page starts its JavaScript with: it imports the app's entry
 * once the browser reports the page's first contentful paint, instead of a
 * `<script type="module" src>` the browser would fetch as soon as it parses the tag.
 *
 * Why: the entry is ~140 kB compressed, the HTML, stylesheet and font the first paint needs
 * ~70 kB. Fetched together on a slow mobile connection they share its bandwidth, and the page
 * shows nothing until the stylesheet and font have arrived. Fetched after the paint, the visitor
 * reads the page sooner and the app hydrates it a moment later; links are plain anchors and
 * forms post without JavaScript, so nothing on the page waits for it.
 *
 * The import also runs after a second in any case: a tab opened in the background paints
 * nothing until it is shown, and a browser without PerformanceObserver imports at once.
 */
export const IMPORT_FALLBACK_MS = 1000;

export function importAfterFirstPaint(urls: readonly string[]): string {
  // JSON of same-origin asset paths; '<' escaped so no value can close the <script> element.
  const list = JSON.stringify(urls).replace(/</g, '\\u003c');
  return (
    `(function(s){var d=0;function go(){if(d)return;d=1;s.forEach(function(u){import(u)})}` +
    `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(go,0)})` +
    `.observe({type:'paint',buffered:true})}catch(e){go()}` +
    `setTimeout(go,${IMPORT_FALLBACK_MS})})(${list})`
  );
}
