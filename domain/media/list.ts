/**
 * The library's page sizes, alone in their module: the /admin/media route reads them in every
 * page's route tree, and a bigger module there would land in every visitor's first load.
 */
export const MEDIA_PAGE_SIZES = [24, 48, 96] as const;
