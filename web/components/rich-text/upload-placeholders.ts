/**
 * Where an image being uploaded will go: a widget in the text ("Uploading image…") that moves
 * with the edits made meanwhile, the text around it never touched. When the upload answers,
 * the image is inserted where the widget then is, and the widget removed; if the author
 * deleted the text around it, there is no place left (null) and nothing is inserted.
 */
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

export const UPLOADING_LABEL = 'Uploading image…';

const key = new PluginKey<DecorationSet>('uploadPlaceholders');

type Meta = { add: { id: string; pos: number } } | { remove: { id: string } };

const widget = (id: string) => () => {
  const element = document.createElement('span');
  element.dataset.uploadPlaceholder = id;
  element.contentEditable = 'false';
  element.className =
    'mx-1 inline-flex items-center rounded-md border border-dashed border-input bg-muted px-2 py-1 text-sm not-italic text-muted-foreground';
  element.textContent = UPLOADING_LABEL;
  return element;
};

export const UploadPlaceholders = Extension.create({
  name: 'uploadPlaceholders',
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: () => DecorationSet.empty,
          apply(tr, set) {
            let next = set.map(tr.mapping, tr.doc);
            const meta = tr.getMeta(key) as Meta | undefined;
            if (meta && 'add' in meta) {
              // side 1: an image inserted at this very place goes before the widgets still
              // waiting there, so several files keep their order.
              const decoration = Decoration.widget(meta.add.pos, widget(meta.add.id), {
                id: meta.add.id,
                side: 1,
              });
              next = next.add(tr.doc, [decoration]);
            } else if (meta && 'remove' in meta) {
              const id = meta.remove.id;
              next = next.remove(next.find(undefined, undefined, (spec) => spec.id === id));
            }
            return next;
          },
        },
        props: {
          decorations: (state) => key.getState(state),
        },
      }),
    ];
  },
});

/** Marks `pos` as the place of upload `id`. */
export const addPlaceholder = (tr: Transaction, id: string, pos: number) =>
  tr.setMeta(key, { add: { id, pos } } satisfies Meta);

export const removePlaceholder = (tr: Transaction, id: string) =>
  tr.setMeta(key, { remove: { id } } satisfies Meta);

/** Where upload `id`'s image goes now, or null when its place was deleted. */
export function placeholderPosition(state: EditorState, id: string): number | null {
  const found = key.getState(state)?.find(undefined, undefined, (spec) => spec.id === id);
  return found?.[0]?.from ?? null;
}
