import { type Language, useTranslation } from '@agency/core';
import { imageProblem, type MediaItem } from '@agency/core/rules';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import ReactQuill, { Quill } from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { uploadFailureText } from '../../../lib/failure-text';
import { LibraryButton } from '../../media/components/library-button';
import { uploadImage } from '../api/upload-image';
import {
  IMAGE_MIME_TYPES,
  imageAt,
  insertImage,
  KEYBOARD_BINDINGS,
  labelLinkBox,
  labelToolbar,
  setImageAlt,
  TOOLBAR,
} from '../lib/quill-setup';
import { AltTextPanel } from './alt-text-panel';
import { UploadProgress, type UploadState } from './upload-progress';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  id: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  /** Arabic posts are written right to left, lists on the right. */
  dir: 'ltr' | 'rtl';
  /** The post's language: an image from the library comes with its alt text in it. */
  language: Language;
  /** The edit screen's editor is 400 px high (spec section 9). */
  height?: number;
  invalid?: boolean;
  onError: (message: string) => void;
}

/** Quill (snow theme) with the spec's toolbar; images go to POST /api/upload-image with a visible progress. */
export default function RichTextEditor(props: RichTextEditorProps) {
  const { id, labelId, value, onChange, dir, language, height, invalid, onError } = props;
  const { t } = useTranslation('admin');
  const quillRef = useRef<ReactQuill>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  // The image the cursor is on (its alt text can be changed), and the one whose alt text is being asked for.
  const [imageHere, setImageHere] = useState<HTMLImageElement | null>(null);
  const [describing, setDescribing] = useState<HTMLImageElement | null>(null);
  // Where the cursor was last in the text: an image from the library goes there (its picker takes the focus).
  const lastIndex = useRef<number | null>(null);
  const handlers = useRef({ pick: () => {}, upload: (_files: File[], _index?: number) => {} });

  handlers.current.pick = () => fileRef.current?.click();
  handlers.current.upload = (files, at) => {
    const quill = quillRef.current?.getEditor();
    if (!quill) return;
    let index = at ?? quill.getSelection(true)?.index ?? quill.getLength();
    for (const file of files) {
      const problem = imageProblem(file);
      if (problem) {
        onError(t(problem));
        continue;
      }
      const upload: UploadState = { id: `${Date.now()}-${file.name}`, name: file.name, fraction: 0 };
      setUploads((list) => [...list, upload]);
      const done = () => setUploads((list) => list.filter((u) => u.id !== upload.id));
      const target = index++;
      uploadImage(file, (fraction) =>
        setUploads((list) => list.map((u) => (u.id === upload.id ? { ...u, fraction } : u))),
      ).then(
        (url) => {
          done();
          const inserted = insertImage(quill, Math.min(target, quill.getLength()), url);
          if (inserted) setDescribing(inserted);
        },
        (error: unknown) => {
          done();
          onError(uploadFailureText(t, error));
        },
      );
    }
  };

  // Stable modules: a new object would make react-quill rebuild the editor.
  const modules = useMemo(
    () => ({
      toolbar: { container: TOOLBAR, handlers: { image: () => handlers.current.pick() } },
      keyboard: { bindings: KEYBOARD_BINDINGS },
      uploader: {
        mimetypes: IMAGE_MIME_TYPES,
        handler: (range: { index: number } | null, files: File[]) =>
          handlers.current.upload(files, range?.index),
      },
    }),
    [],
  );

  useEffect(() => {
    const quill: Quill | undefined = quillRef.current?.getEditor();
    if (!quill) return;
    const root = quill.root;
    root.id = id;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-required', 'true');
    root.setAttribute('aria-labelledby', labelId);
    root.setAttribute('dir', dir);
    root.setAttribute('aria-invalid', invalid ? 'true' : 'false');
    const toolbar = quill.getModule('toolbar') as { container?: Element } | undefined;
    if (toolbar?.container) labelToolbar(toolbar.container, t);
    labelLinkBox(quill.container, t);
  }, [id, labelId, dir, invalid, t]);

  // Which image the cursor is on: selected (a click selects it), or just before the cursor. Leaving the editor
  // (for the alt text button) keeps it; an edit that removes the image forgets it.
  useEffect(() => {
    const quill: Quill | undefined = quillRef.current?.getEditor();
    if (!quill) return;
    const selectionChanged = (range: { index: number; length: number } | null) => {
      if (!range) return;
      lastIndex.current = range.index + range.length;
      setImageHere(imageAt(quill, range));
    };
    const textChanged = () => setImageHere((image) => (image && quill.root.contains(image) ? image : null));
    const clicked = (event: MouseEvent) => {
      if (!(event.target instanceof HTMLImageElement)) return;
      const blot = Quill.find(event.target);
      if (blot) quill.setSelection(quill.getIndex(blot as never), 1, 'user');
    };
    quill.on('selection-change', selectionChanged);
    quill.on('text-change', textChanged);
    quill.root.addEventListener('click', clicked);
    return () => {
      quill.off('selection-change', selectionChanged);
      quill.off('text-change', textChanged);
      quill.root.removeEventListener('click', clicked);
    };
  }, []);

  /** Saves the alt text asked for and puts the cursor back after the image. */
  function describe(image: HTMLImageElement, alt: string | null) {
    const quill = quillRef.current?.getEditor();
    setDescribing(null);
    if (!quill) return;
    if (alt !== null) setImageAlt(quill, image, alt);
    const blot = Quill.find(image);
    if (blot && quill.root.contains(image)) quill.setSelection(quill.getIndex(blot as never) + 1, 0, 'user');
  }

  /**
   * Inserts an image of the library where the cursor was (else at the end) with its alt text in the post's
   * language, then asks for the alt text as for an upload, with the library's already written.
   */
  function insertFromLibrary(item: MediaItem) {
    const quill = quillRef.current?.getEditor();
    if (!quill) return;
    const end = quill.getLength() - 1;
    const index = Math.min(lastIndex.current ?? end, end);
    const inserted = insertImage(quill, index, item.url);
    if (!inserted) return;
    setImageAlt(quill, inserted, item.alt[language] ?? '');
    setDescribing(inserted);
  }

  // Only the editor's own changes reach the form. Quill rewrites HTML it is given (a loaded post, a restored
  // draft) in its own form and reports that as an 'api' change: passing it on would make every opened post
  // look edited. Quill is still given back what it holds, or react-quill would load the original again on
  // every render; a new value from the form (load, restore, reset) replaces it.
  const [editorValue, setEditorValue] = useState(value);
  const [formValue, setFormValue] = useState(value);
  if (value !== formValue) {
    setFormValue(value);
    setEditorValue(value);
  }
  function userChange(html: string, _delta: unknown, source: string) {
    setEditorValue(html);
    if (source !== 'user') return;
    setFormValue(html);
    onChange(html);
  }

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    handlers.current.upload(files);
  }

  return (
    <div
      className={`rich-text${dir === 'rtl' ? ' rich-text--rtl' : ''}${invalid ? ' rich-text--invalid' : ''}`}
      style={height ? ({ '--rich-text-height': `${height}px` } as React.CSSProperties) : undefined}
    >
      <ReactQuill ref={quillRef} theme="snow" value={editorValue} onChange={userChange} modules={modules} />
      <input ref={fileRef} type="file" accept="image/*" hidden tabIndex={-1} onChange={chosen} />
      <div className="rich-text__library">
        <LibraryButton label={t('media.picker.insert')} onChoose={insertFromLibrary} />
      </div>
      <UploadProgress uploads={uploads} />
      {describing ? (
        <AltTextPanel
          key={describing.getAttribute('src')}
          id={`${id}-alt`}
          image={describing}
          onSave={(alt) => describe(describing, alt)}
          onCancel={() => describe(describing, null)}
        />
      ) : (
        imageHere && (
          <button
            type="button"
            className="admin-button admin-button--quiet rich-text__alt-action"
            onClick={() => setDescribing(imageHere)}
          >
            {t('editor.altText.action')}
          </button>
        )
      )}
    </div>
  );
}
