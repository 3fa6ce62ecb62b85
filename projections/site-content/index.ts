/** The site content capability's read side. */
export {
  siteContentProjector,
  siteContentQueries,
  SITE_CONTENT_COLLECTIONS,
  type SeoOverrideDoc,
  type SiteContentDoc,
  type SiteContentQueries,
} from './projector';
export { siteContentAudit } from './audit';
