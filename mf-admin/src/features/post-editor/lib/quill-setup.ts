import type { TFunction } from 'i18next';
import { Quill } from 'react-quill-new';

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

type ImageBlot = { domNode: HTMLImageElement; format(name: string, value: unknown): void };
const QuillImage = Quill.import('formats/image') as unknown as {
  new (...args: never[]): ImageBlot;
  create(value: string): HTMLImageElement;
};

/**
 * Quill's image, always with an `alt` attribute: empty until the editor describes the image (an empty alt
 * tells readers' screen readers it adds nothing, where a missing one makes them read the address). Quill
 * drops an attribute set to '', so setting alt is done here.
 */
class DescribedImage extends QuillImage {
  static override create(value: string): HTMLImageElement {
    const node = QuillImage.create(value);
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    return node;
  }

  override format(name: string, value: unknown): void {
    if (name === 'alt') this.domNode.setAttribute('alt', typeof value === 'string' ? value : '');
    else super.format(name, value);
  }
}
Quill.register(DescribedImage as never, true);

/**
 * Inserts an uploaded image at `index` with an empty alt text (never the file name: it describes nothing) and
 * puts the cursor after it; answers the image's element, for its alt text to be asked for.
 */
export function insertImage(quill: Quill, index: number, url: string): HTMLImageElement | null {
  quill.insertEmbed(index, 'image', url, 'user');
  quill.setSelection(index + 1, 0, 'silent');
  return imageStartingAt(quill, index);
}

/**
 * The image that starts at `index`, or null. Not `quill.getLeaf(index)`: where a text ends right before the
 * image, that answers the text (the leaf ending at the index), as Chromium showed; the scroll's own search
 * answers the blot that starts there.
 */
function imageStartingAt(quill: Quill, index: number): HTMLImageElement | null {
  const [blot, offset] = quill.scroll.descendant(
    (candidate: { domNode: Node } | null) => candidate?.domNode instanceof HTMLImageElement,
    index,
  );
  const node = blot?.domNode;
  return node instanceof HTMLImageElement && offset === 0 ? node : null;
}

/**
 * The image the editor is on: the one selected (clicked, or Shift+Arrow over it), or the one just before the
 * cursor, so a keyboard user reaches its alt text too. Null when there is none.
 */
export function imageAt(
  quill: Quill,
  range: { index: number; length: number } | null,
): HTMLImageElement | null {
  if (!range || range.length > 1) return null;
  const at = range.length === 1 ? range.index : range.index - 1;
  if (at < 0) return null;
  return imageStartingAt(quill, at);
}

/** Sets the alt text of an image in the editor, as the editor's own change; false once the image is gone. */
export function setImageAlt(quill: Quill, image: HTMLImageElement, alt: string): boolean {
  const blot = Quill.find(image);
  if (!blot || !quill.root.contains(image)) return false;
  quill.formatText(quill.getIndex(blot as never), 1, { alt: alt.trim() }, 'user');
  return true;
}
