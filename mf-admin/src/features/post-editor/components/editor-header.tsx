/** The screen's heading (the admin bar above it leads back to the posts). */
export function EditorHeader({ title }: { title: string }) {
  return (
    <header className="admin-page__header">
      <h1 id="editor-heading">{title}</h1>
    </header>
  );
}
