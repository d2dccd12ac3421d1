/**
 * `localized_html`: the version's HTML with its phrases translated. It finds
 * phrases the way extractPhrases does (htmlparser2: text nodes, which covers
 * <label> text, and placeholder and title attributes; never <script> or
 * <style> content; trimmed, whitespace collapsed) and replaces exactly those,
 * keeping the whitespace around them, then serialises the document back.
 */
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';

// The few parts of domhandler's nodes this walk touches (domhandler is htmlparser2's own dependency).
interface Node {
  type: string;
  data?: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

const TRANSLATED_ATTRIBUTES = ['placeholder', 'title'] as const;
const RAW_TEXT_ELEMENTS = new Set(['script', 'style']);

export function normalizePhrase(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `translations`: phrase → text in the caller's locale (already resolved with fallback). */
export function localizeHtml(html: string, translations: ReadonlyMap<string, string>): string {
  if (translations.size === 0) return html;
  const document = parseDocument(html);
  let changed = false;
  const visit = (nodes: readonly Node[]): void => {
    for (const node of nodes) {
      if (node.type === ElementType.Text && node.data !== undefined) {
        const translated = translate(node.data, translations);
        if (translated !== null) {
          node.data = translated;
          changed = true;
        }
      } else if (node.attribs) {
        const attribs = node.attribs;
        for (const name of TRANSLATED_ATTRIBUTES) {
          const value = attribs[name];
          const translated = value === undefined ? null : translate(value, translations);
          if (translated !== null) {
            attribs[name] = translated;
            changed = true;
          }
        }
        if (!RAW_TEXT_ELEMENTS.has(node.name ?? '')) visit(node.children ?? []);
      } else {
        visit(node.children ?? []);
      }
    }
  };
  visit(document.children as unknown as Node[]);
  // Untouched HTML is returned as written, not as the serialiser would rewrite it.
  return changed ? DomUtils.getOuterHTML(document, { encodeEntities: 'utf8' }) : html;
}

function translate(text: string, translations: ReadonlyMap<string, string>): string | null {
  const phrase = normalizePhrase(text);
  if (phrase === '') return null;
  const translation = translations.get(phrase);
  if (translation === undefined) return null;
  const leading = /^\s*/.exec(text)?.[0] ?? '';
  const trailing = /\s*$/.exec(text)?.[0] ?? '';
  return `${leading}${translation}${trailing}`;
}
