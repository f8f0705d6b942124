import { SaxesParser } from 'saxes';

export const NS = {
  sitemap: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  xhtml: 'http://www.w3.org/1999/xhtml',
  atom: 'http://www.w3.org/2005/Atom',
} as const;

/** An element of a parsed document: its namespace and local name, attributes by local name, children. */
export interface XmlElement {
  uri: string;
  local: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data, entities resolved. */
  text: string;
}

/**
 * Parses XML strictly: saxes follows the XML 1.0 and namespaces specs to the letter, so a stray `&`, `]]>` in
 * text, a forbidden character, an unbound prefix or a second root element throws, as any feed reader or
 * search engine would refuse the document.
 */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns')
        attributes[attribute.local] = attribute.value;
    }
    const element: XmlElement = { uri: tag.uri, local: tag.local, attributes, children: [], text: '' };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  if (failure) throw failure;
  if (!root) throw new Error('no root element');
  return root;
}

/** The children of `element` with this namespace and local name. */
export function childrenOf(element: XmlElement, uri: string, local: string): XmlElement[] {
  return element.children.filter((child) => child.uri === uri && child.local === local);
}

/** The one child with this name; throws when there is none or more than one. */
export function childOf(element: XmlElement, uri: string, local: string): XmlElement {
  const found = childrenOf(element, uri, local);
  if (found.length !== 1) throw new Error(`${found.length} <${local}> in <${element.local}>, not one`);
  return found[0] as XmlElement;
}
