/**
 * The back office's rich-text field (Tiptap), shared by the blog's post editor and the
 * newsletter's issue editor: headings, bold and italic, lists, quotes, links and images with
 * their alt text, undo and redo. It edits HTML, the same value an HTML source view shows.
 * What you see is what gets published: the editing surface wears the public pages' prose
 * styles (PROSE_CLASS). Links are added in a dialog (Ctrl/Cmd+K) with the site's link rule
 * (domain/blog/link-attributes.ts); images come from the media library, or are dropped or
 * pasted in and uploaded to it, the text around them untouched while they upload.
 * Loaded with React.lazy from the editors only: it is never part of a public page's bundle
 * (the public pages import nothing from here).
 */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Extension } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import {
  Bold,
  Captions,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Undo2,
} from 'lucide-react';
import { linkChoices } from '../../domain/blog/link-attributes';
import { altTextProblem, type MediaView } from '../../api/media/contracts';
import { PROSE_CLASS } from './prose';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { MediaPickerDialog } from './media/media-picker-dialog';
import { useUploadImage } from './media/use-upload-image';
import { LinkDialog, type ExistingLink, type LinkResult } from './rich-text/link-dialog';
import { imageFiles, mediaImage } from './rich-text/media-image';
import {
  UPLOADING_LABEL,
  UploadPlaceholders,
  addPlaceholder,
  placeholderPosition,
  removePlaceholder,
} from './rich-text/upload-placeholders';

export interface RichTextEditorProps {
  /** The id of the element naming the editor (its label). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
}

/** A library image keeps its WebP widths (srcset) and the column's sizes in the HTML. */
const MediaImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      srcset: { default: null },
      sizes: { default: null },
    };
  },
});

/** Ctrl/Cmd+K opens the link dialog (`open` is read when the keys are pressed). */
const LinkShortcut = Extension.create<{ open: () => void }>({
  name: 'linkShortcut',
  addOptions: () => ({ open: () => {} }),
  addKeyboardShortcuts() {
    return {
      'Mod-k': () => {
        this.options.open();
        return true;
      },
    };
  },
});

const origin = () => window.location.origin;

interface UploadNotice {
  /** What is being done ('Uploading image photo.png…'), for the live region. */
  status: string;
  /** The refused files with the server's sentence. */
  errors: string[];
}

export default function RichTextEditor({
  labelledBy,
  describedBy,
  invalid,
  value,
  onChange,
  onBlur,
  disabled,
}: RichTextEditorProps) {
  // The HTML last exchanged with the form: the editor is only reset when the form's value
  // changes from outside (the source view, a restored revision), never on mount, so opening a
  // post changes nothing (Tiptap's own normalising would otherwise mark it as edited).
  const synced = useRef(value);
  // Read by the editor's handlers, which are created once with the editor.
  const openLink = useRef<() => void>(() => {});
  const uploadAt = useRef<(files: File[], pos: number) => void>(() => {});
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          // Tiptap's defaults would make every link target=_blank rel=nofollow: links carry
          // what the author chose in the dialog, nothing else.
          HTMLAttributes: { target: null, rel: null },
        },
      }),
      MediaImage.configure({ inline: false }),
      UploadPlaceholders,
      LinkShortcut.configure({ open: () => openLink.current() }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: `${PROSE_CLASS} min-h-72 rounded-b-md border border-t-0 border-input bg-background px-4 py-3 focus-visible:outline-2 focus-visible:outline-ring [&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-offset-2 [&_img.ProseMirror-selectednode]:outline-ring`,
      },
      // Image files dropped or pasted in are uploaded to the media library and inserted
      // where they were dropped (or at the caret); anything else is the editor's as before.
      handleDrop: (view, event, _slice, moved) => {
        if (moved || !view.editable) return false;
        const files = imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        uploadAt.current(files, at?.pos ?? view.state.selection.from);
        return true;
      },
      handlePaste: (view, event) => {
        const data = event.clipboardData;
        const files = imageFiles(data?.files);
        // Text copied with a picture of it (a word processor's paste): the text is pasted.
        if (files.length === 0 || !view.editable || data?.getData('text/plain').trim()) {
          return false;
        }
        event.preventDefault();
        uploadAt.current(files, view.state.selection.from);
        return true;
      },
    },
    onUpdate: ({ editor: e, transaction }) => {
      // Only edits of the document (Tiptap also emits 'update' when, e.g., editability changes).
      if (!transaction.docChanged) return;
      synced.current = e.isEmpty ? '' : e.getHTML();
      onChange(synced.current);
    },
    onBlur: () => onBlur?.(),
  });

  const { upload } = useUploadImage();
  const [notice, setNotice] = useState<UploadNotice>({ status: '', errors: [] });
  useEffect(() => {
    uploadAt.current = (files, pos) => {
      if (editor && !editor.isDestroyed) void uploadImages(editor, files, pos, upload, setNotice);
    };
  }, [editor, upload]);

  // The value changed outside the editor (the HTML source view, a restored revision).
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === synced.current) return;
    synced.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && editor.isEditable === Boolean(disabled)) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  if (!editor) return <div className="min-h-80 rounded-md border border-input bg-muted" />;
  return (
    <div>
      <Toolbar editor={editor} disabled={disabled} openLink={openLink} />
      <EditorContent editor={editor} />
      <div aria-live="polite" className="mt-1 grid gap-1 empty:hidden">
        {notice.status ? <p className="text-sm text-muted-foreground">{notice.status}</p> : null}
        {notice.errors.map((error) => (
          <p key={error} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ))}
      </div>
    </div>
  );
}

/**
 * Uploads the files one after the other, each with its place marked in the text, and inserts
 * each image where its place then is. A refused file leaves the text as it was and says why
 * (the server's sentence: too big, not an image we accept...).
 */
async function uploadImages(
  editor: Editor,
  files: readonly File[],
  pos: number,
  upload: (file: File) => Promise<MediaView>,
  setNotice: (update: (notice: UploadNotice) => UploadNotice) => void,
) {
  const stamp = Date.now().toString(36);
  const places = files.map((file, index) => ({ file, id: `${stamp}-${index}-${file.name}` }));
  let tr = editor.state.tr;
  for (const { id } of places) tr = addPlaceholder(tr, id, pos);
  editor.view.dispatch(tr);
  setNotice(() => ({ status: '', errors: [] }));
  const errors: string[] = [];
  for (const { file, id } of places) {
    const name = file.name || 'the pasted image';
    setNotice((n) => ({ ...n, status: `${UPLOADING_LABEL.replace('…', '')} ${name}…` }));
    try {
      const media = await upload(file);
      if (editor.isDestroyed) return;
      const at = placeholderPosition(editor.state, id);
      editor.view.dispatch(removePlaceholder(editor.state.tr, id));
      if (at !== null) {
        editor.commands.insertContentAt(at, {
          type: 'image',
          attrs: mediaImage(media, media.alt, origin()),
        });
      }
      setNotice((n) => ({
        ...n,
        status:
          at === null
            ? `${name} was uploaded to the media library; its place in the text was deleted.`
            : `Image ${name} inserted. To describe it, select it and choose Alt text in the toolbar.`,
      }));
    } catch (error) {
      if (editor.isDestroyed) return;
      editor.view.dispatch(removePlaceholder(editor.state.tr, id));
      errors.push(`${name}: ${error instanceof Error ? error.message : 'The upload failed.'}`);
      setNotice((n) => ({ status: n.status, errors: [...errors] }));
    }
  }
  if (errors.length === files.length) setNotice((n) => ({ ...n, status: '' }));
}

function ToolButton({
  label,
  shortcut,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  /** The keys that do the same in the text: [aria-keyshortcuts, as the tooltip says them]. */
  shortcut?: [string, string];
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant={active ? 'secondary' : 'ghost'}
      size="sm"
      className="w-11 px-0 sm:w-9"
      aria-label={label}
      aria-keyshortcuts={shortcut?.[0]}
      title={shortcut ? `${label} (${shortcut[1]})` : label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

function Toolbar({
  editor,
  disabled,
  openLink,
}: {
  editor: Editor;
  disabled?: boolean;
  openLink: RefObject<() => void>;
}) {
  const [dialog, setDialog] = useState<'link' | 'image' | 'alt' | null>(null);
  const [existing, setExisting] = useState<ExistingLink | null>(null);
  const [askForText, setAskForText] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      image: e.isActive('image'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  // The link dialog opens from the toolbar and from Ctrl/Cmd+K in the text.
  const showLinkDialog = () => {
    if (!editor.isEditable) return;
    const active = editor.isActive('link');
    const attributes = editor.getAttributes('link') as {
      href?: string;
      target?: string | null;
      rel?: string | null;
    };
    setExisting(active ? { href: attributes.href ?? '', choices: linkChoices(attributes) } : null);
    setAskForText(!active && editor.state.selection.empty);
    setDialog('link');
  };
  useEffect(() => {
    openLink.current = showLinkDialog;
  });

  const applyLink = (link: LinkResult) => {
    const attributes = { href: link.href, target: link.target, rel: link.rel };
    if (existing || !editor.state.selection.empty) {
      editor.chain().extendMarkRange('link').setLink(attributes).run();
    } else {
      editor
        .chain()
        .insertContent({
          type: 'text',
          text: link.text || link.href,
          marks: [{ type: 'link', attrs: attributes }],
        })
        .run();
    }
  };

  const closed = (open: boolean) => setDialog(open ? dialog : null);

  return (
    <div className="rounded-t-md border border-input bg-surface">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 p-1">
        <ToolButton
          label="Heading 2"
          active={state.h2}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          <Heading2 aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Heading 3"
          active={state.h3}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          <Heading3 aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Bold"
          active={state.bold}
          disabled={disabled}
          onClick={() => chain().toggleBold().run()}
        >
          <Bold aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Italic"
          active={state.italic}
          disabled={disabled}
          onClick={() => chain().toggleItalic().run()}
        >
          <Italic aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Bulleted list"
          active={state.bullet}
          disabled={disabled}
          onClick={() => chain().toggleBulletList().run()}
        >
          <List aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Numbered list"
          active={state.ordered}
          disabled={disabled}
          onClick={() => chain().toggleOrderedList().run()}
        >
          <ListOrdered aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Quote"
          active={state.quote}
          disabled={disabled}
          onClick={() => chain().toggleBlockquote().run()}
        >
          <Quote aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Link"
          shortcut={['Control+K Meta+K', 'Ctrl+K']}
          active={state.link}
          disabled={disabled}
          onClick={showLinkDialog}
        >
          <Link2 aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Image" disabled={disabled} onClick={() => setDialog('image')}>
          <ImagePlus aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Alt text"
          disabled={disabled || !state.image}
          onClick={() => setDialog('alt')}
        >
          <Captions aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Undo"
          disabled={disabled || !state.canUndo}
          onClick={() => chain().undo().run()}
        >
          <Undo2 aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Redo"
          disabled={disabled || !state.canRedo}
          onClick={() => chain().redo().run()}
        >
          <Redo2 aria-hidden="true" />
        </ToolButton>
      </div>
      <LinkDialog
        open={dialog === 'link'}
        onOpenChange={closed}
        existing={existing}
        askForText={askForText}
        siteOrigin={origin()}
        onApply={applyLink}
        onRemove={() => editor.chain().extendMarkRange('link').unsetLink().run()}
        onClosed={() => editor.commands.focus()}
      />
      <MediaPickerDialog
        open={dialog === 'image'}
        onOpenChange={closed}
        title="Insert an image"
        onChoose={({ media, alt }) => {
          editor
            .chain()
            .insertContent({ type: 'image', attrs: mediaImage(media, alt, origin()) })
            .run();
        }}
      />
      <AltTextDialog
        open={dialog === 'alt'}
        onOpenChange={closed}
        initial={String(editor.getAttributes('image').alt ?? '')}
        onSave={(alt) => editor.chain().updateAttributes('image', { alt }).run()}
        onClosed={() => editor.commands.focus()}
      />
    </div>
  );
}

/** The selected image's alt text (a pasted or dropped image arrives without one). */
function AltTextDialog({
  open,
  onOpenChange,
  initial,
  onSave,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: string;
  onSave: (alt: string) => void;
  onClosed: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        {open ? (
          <AltTextForm
            initial={initial}
            onSave={(alt) => {
              onOpenChange(false);
              onSave(alt);
            }}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AltTextForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (alt: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [alt, setAlt] = useState(initial);
  const problem = altTextProblem(alt);
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        // Portalled, but React bubbles the submit to the editor's form: not a save.
        event.stopPropagation();
        if (!problem) onSave(alt.trim().replace(/\s+/g, ' '));
      }}
    >
      <DialogHeader>
        <DialogTitle>Alt text</DialogTitle>
        <DialogDescription>
          Describe what the image shows, for people who cannot see it. Empty for a decorative image.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-alt`}>Alt text (what the image shows)</Label>
        <Input
          id={`${id}-alt`}
          value={alt}
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setAlt(event.target.value)}
        />
        {problem ? (
          <p id={`${id}-problem`} className="text-sm font-medium text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={problem !== null}>
          Save alt text
        </Button>
      </DialogFooter>
    </form>
  );
}
