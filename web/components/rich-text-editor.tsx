/**
 * The back office's rich-text field (Tiptap), shared by the blog's post editor and the
 * newsletter's issue editor: headings, bold and italic, lists, quotes, links and images with
 * their alt text, undo and redo. It edits HTML, the same value an HTML source view shows.
 * Loaded with React.lazy from the editors only: it is never part of a public page's bundle
 * (the public pages import nothing from here).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import {
  Bold,
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
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Label } from './ui/label';

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

type Panel = 'link' | 'image' | null;

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
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
        },
      }),
      Image.configure({ inline: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class:
          'blog-content min-h-72 rounded-b-md border border-t-0 border-input bg-background px-4 py-3 focus-visible:outline-2 focus-visible:outline-ring',
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
      <Toolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
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
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const [panel, setPanel] = useState<Panel>(null);
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
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
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
          active={state.link}
          disabled={disabled}
          onClick={() => setPanel(panel === 'link' ? null : 'link')}
        >
          <Link2 aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Image"
          disabled={disabled}
          onClick={() => setPanel(panel === 'image' ? null : 'image')}
        >
          <ImagePlus aria-hidden="true" />
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
      {panel === 'link' ? (
        <LinkPanel
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onDone={(href) => {
            setPanel(null);
            if (href === null) return;
            if (href === '') chain().extendMarkRange('link').unsetLink().run();
            else chain().extendMarkRange('link').setLink({ href }).run();
          }}
        />
      ) : null}
      {panel === 'image' ? (
        <ImagePanel
          onDone={(image) => {
            setPanel(null);
            if (image) chain().setImage(image).run();
          }}
        />
      ) : null}
    </div>
  );
}

const isWebAddress = (value: string) => /^(https?:\/\/|mailto:|\/)/i.test(value);

function LinkPanel({
  initial,
  onDone,
}: {
  initial: string;
  /** The address ('' removes the link), or null when cancelled. */
  onDone: (href: string | null) => void;
}) {
  const id = useId();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const value = href.trim();
    if (value && !isWebAddress(value)) {
      setError('Enter an address starting with https://, http://, mailto: or /');
      return;
    }
    onDone(value);
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-input p-2">
      <div className="grid min-w-64 flex-1 gap-1">
        <Label htmlFor={`${id}-href`}>Link address</Label>
        <Input
          id={`${id}-href`}
          type="url"
          value={href}
          autoFocus
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
            if (e.key === 'Escape') onDone(null);
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="button" size="sm" className="h-11" onClick={apply}>
        {href.trim() ? 'Apply link' : 'Remove link'}
      </Button>
      <Button type="button" variant="ghost" size="sm" className="h-11" onClick={() => onDone(null)}>
        Cancel
      </Button>
    </div>
  );
}

function ImagePanel({ onDone }: { onDone: (image: { src: string; alt: string } | null) => void }) {
  const id = useId();
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const insert = () => {
    const address = src.trim();
    if (!/^(https?:\/\/|\/)/i.test(address)) {
      setError('Enter the image address, starting with https://, http:// or /');
      return;
    }
    onDone({ src: address, alt: alt.trim() });
  };
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      insert();
    }
    if (e.key === 'Escape') onDone(null);
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-input p-2">
      <div className="grid min-w-56 flex-1 gap-1">
        <Label htmlFor={`${id}-src`}>Image address</Label>
        <Input
          id={`${id}-src`}
          type="url"
          value={src}
          autoFocus
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setSrc(e.target.value)}
          onKeyDown={keys}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <div className="grid min-w-56 flex-1 gap-1">
        <Label htmlFor={`${id}-alt`}>Alt text (what the image shows)</Label>
        <Input
          id={`${id}-alt`}
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          onKeyDown={keys}
        />
      </div>
      <Button type="button" size="sm" className="h-11" onClick={insert}>
        Insert image
      </Button>
      <Button type="button" variant="ghost" size="sm" className="h-11" onClick={() => onDone(null)}>
        Cancel
      </Button>
    </div>
  );
}
