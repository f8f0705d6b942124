import { useTranslation } from '@agency/core';
import { imageProblem } from '@agency/core/rules';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import ReactQuill, { type Quill } from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { uploadFailureText } from '../../../lib/failure-text';
import { uploadImage } from '../api/upload-image';
import {
  IMAGE_MIME_TYPES,
  insertImage,
  KEYBOARD_BINDINGS,
  labelLinkBox,
  labelToolbar,
  TOOLBAR,
} from '../lib/quill-setup';
import { UploadProgress, type UploadState } from './upload-progress';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  id: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  /** Arabic posts are written right to left, lists on the right. */
  dir: 'ltr' | 'rtl';
  /** The edit screen's editor is 400 px high (spec section 9). */
  height?: number;
  invalid?: boolean;
  onError: (message: string) => void;
}

/** Quill (snow theme) with the spec's toolbar; images go to POST /api/upload-image with a visible progress. */
export default function RichTextEditor(props: RichTextEditorProps) {
  const { id, labelId, value, onChange, dir, height, invalid, onError } = props;
  const { t } = useTranslation('admin');
  const quillRef = useRef<ReactQuill>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<UploadState[]>([]);
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
          insertImage(quill, Math.min(target, quill.getLength()), url, file.name);
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
      <UploadProgress uploads={uploads} />
    </div>
  );
}
