/**
 * What other capabilities reuse of the blog's rules: the one HTML sanitiser (the newsletter's
 * issues are rich text from the same editor) and slugs.
 */
export { sanitizePostHtml, stripTags } from './html';
export { slugify } from './format';
