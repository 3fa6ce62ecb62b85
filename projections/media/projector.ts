/**
 * 'media': one document per image in the library (deleted ones are removed), keyed by its id.
 * The back office's library and picker read it; serving a file checks its image is here.
 */
import { asMediaEvent, MEDIA_EVENT_TYPES, type MediaVariant } from '../../domain/media/events';
import type { Projector } from '../projector';
import type { Document, Filter, ReadStore } from '../read-store/port';

export const MEDIA_COLLECTION = 'media';

export type MediaDoc = Document & {
  fileName: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  variants: MediaVariant[];
  alt: string;
  /** Lowercase name and alt text, what the library's search matches. */
  searchText: string;
  uploadedAt: string;
  updatedAt: string;
};

const searchTextOf = (fileName: string, alt: string) => `${fileName}\n${alt}`.toLowerCase();

export const mediaProjector: Projector = {
  name: 'media',
  version: 1,
  eventTypes: MEDIA_EVENT_TYPES,
  collections: [MEDIA_COLLECTION],
  async handle(recorded, ctx) {
    const event = asMediaEvent(recorded);
    if (!event) return;
    const collection = ctx.collection<MediaDoc>(MEDIA_COLLECTION);
    const at = recorded.metadata.occurredAt;
    const _id = event.data.mediaId;
    switch (event.type) {
      case 'MediaUploaded': {
        const { fileName, mime, width, height, bytes, variants, alt } = event.data;
        await collection.upsert({
          _id,
          fileName,
          mime,
          width,
          height,
          bytes,
          variants,
          alt,
          searchText: searchTextOf(fileName, alt),
          uploadedAt: at,
          updatedAt: at,
        });
        return;
      }
      case 'MediaAltTextChanged': {
        const doc = await collection.findOne({ _id });
        if (!doc) return;
        await collection.update(
          { _id },
          {
            $set: {
              alt: event.data.alt,
              searchText: searchTextOf(doc.fileName, event.data.alt),
              updatedAt: at,
            },
          },
        );
        return;
      }
      case 'MediaDeleted':
        await collection.delete({ _id });
        return;
    }
  },
};

export interface MediaListParams {
  q?: string;
  page: number;
  pageSize: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Newest first. */
const ORDER = { uploadedAt: -1, _id: 1 } as const;

export function mediaQueries(store: ReadStore) {
  const collection = () => store.collection<MediaDoc>(MEDIA_COLLECTION);
  return {
    /** The library: one page, newest first, searched by name and alt text. */
    async mediaPage(params: MediaListParams) {
      const filter: Filter = {};
      const q = params.q?.trim().toLowerCase();
      if (q) filter.searchText = { $regex: escapeRegex(q) };
      const [rows, total] = await Promise.all([
        collection().find(filter, {
          sort: ORDER,
          skip: (params.page - 1) * params.pageSize,
          limit: params.pageSize,
        }),
        collection().count(filter),
      ]);
      return { rows, total };
    },
    mediaItem(mediaId: string): Promise<MediaDoc | null> {
      return collection().findOne({ _id: mediaId });
    },
  };
}

export type MediaQueries = ReturnType<typeof mediaQueries>;
