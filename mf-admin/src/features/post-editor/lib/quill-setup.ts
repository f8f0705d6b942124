import type { TFunction } from 'i18next';
import type { Quill } from 'react-quill-new';

/** The spec's toolbar: headings 1-3 or normal, bold, italic, underline, strike, lists, link, image, clear. */
export const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'image'],
  ['clean'],
];

/** Image types the editor accepts inline (the same as the featured image). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];

/**
 * Tab and Shift+Tab leave the editor (Quill would insert a tab or indent a list), so that a keyboard user
 * is never trapped in it.
 */
export const KEYBOARD_BINDINGS = {
  tab: { key: 'Tab', handler: () => true },
  indent: false,
  outdent: false,
  'remove tab': false,
};

/** Gives the toolbar's buttons names in the page's language (Quill labels them with format names). */
export function labelToolbar(toolbar: Element, t: TFunction<'admin'>): void {
  for (const button of toolbar.querySelectorAll<HTMLButtonElement>('button')) {
    const format = [...button.classList].find((name) => name.startsWith('ql-'))?.slice(3);
    const key = format === 'list' ? button.value : format;
    if (!key) continue;
    const label = t(`editor.toolbar.${key}` as 'editor.toolbar.bold', { defaultValue: '' });
    if (label) {
      button.setAttribute('aria-label', label);
      button.title = label;
    }
  }
  const header = toolbar.querySelector('.ql-header .ql-picker-label');
  header?.setAttribute('aria-label', t('editor.toolbar.header'));
}

/**
 * Names the box where a link's address is typed (Quill's tooltip), which Quill leaves with only a placeholder
 * naming its own site (WCAG 4.1.2, 3.3.2); the placeholder becomes a neutral example.
 */
export function labelLinkBox(container: Element, t: TFunction<'admin'>): void {
  const box = container.querySelector<HTMLInputElement>('.ql-tooltip input[type="text"]');
  if (!box) return;
  box.setAttribute('aria-label', t('editor.linkBox.label'));
  box.setAttribute('data-link', 'https://example.com');
  box.dir = 'ltr';
  box.setAttribute('autocomplete', 'url');
  box.inputMode = 'url';
}

/** Inserts an uploaded image at `index`, with the file name as its alt text, and puts the cursor after it. */
export function insertImage(quill: Quill, index: number, url: string, alt: string): void {
  quill.insertEmbed(index, 'image', url, 'user');
  quill.formatText(index, 1, { alt }, 'user');
  quill.setSelection(index + 1, 0, 'silent');
}
