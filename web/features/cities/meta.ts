/** The city index's title and description: the route's head reads them without loading the page's code. */
export const CITY_INDEX_TITLE = 'GLP-1 Weight Loss Providers by City';
export const CITY_INDEX_DESCRIPTION =
  'Find online GLP-1 weight loss providers that serve your city: 400 US cities in all 50 states, each ranked by the providers licensed in its state.';
