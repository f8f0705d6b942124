import type { RichTextEditorProps } from '../features/post-editor/components/rich-text-editor';

/** A plain textarea standing in for Quill in screen tests (Quill itself has its own tests). */
export default function RichTextEditorStub({
  id,
  labelId,
  value,
  onChange,
  dir,
  invalid,
}: RichTextEditorProps) {
  return (
    <textarea
      id={id}
      aria-labelledby={labelId}
      aria-invalid={invalid || undefined}
      dir={dir}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
