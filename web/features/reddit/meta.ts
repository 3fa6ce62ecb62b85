/** The reddit page's title and description: the route's head reads them without loading the page's code. */
export const REDDIT_TITLE = 'What Redditors Say About GLP-1 Medications';
export const REDDIT_DESCRIPTION =
  'Recent Reddit discussions about semaglutide, tirzepatide, Ozempic, Wegovy, Mounjaro and Zepbound, searchable by subreddit.';
