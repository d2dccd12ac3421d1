/**
 * SPEC.md "UI extension version" `phrases`: the translatable texts of the
 * HTML, found with a real HTML parser (htmlparser2): text nodes (label texts
 * among them) and the placeholder and title attributes, never the insides of
 * <script> or <style>. Each is trimmed with its whitespace collapsed; blanks
 * are dropped; each phrase once, in document order.
 */
import { Parser } from 'htmlparser2';

const SKIPPED = new Set(['script', 'style']);
const ATTRIBUTES = ['placeholder', 'title'];

export function extractPhrases(html: string): string[] {
  const phrases = new Set<string>();
  const add = (text: string) => {
    const phrase = text.replace(/\s+/g, ' ').trim();
    if (phrase !== '') phrases.add(phrase);
  };
  let skipping = 0;
  // The parser may hand one text node over in pieces: it is gathered until the next tag.
  let text = '';
  const flush = () => {
    add(text);
    text = '';
  };
  const parser = new Parser({
    onopentag(name, attributes) {
      flush();
      if (SKIPPED.has(name)) skipping += 1;
      for (const attribute of ATTRIBUTES) if (attributes[attribute] !== undefined) add(attributes[attribute]);
    },
    onclosetag(name) {
      flush();
      if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
    },
    ontext(piece) {
      if (skipping === 0) text += piece;
    },
    oncomment() {
      flush();
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  flush();
  return [...phrases];
}
