/**
 * Refuses an expression nested too deeply before the parser sees it: the library's parser
 * recurses once per bracket, so 10,000 '(' would overflow the stack instead of failing
 * with a message (issue 33 "hostile rules"). String literals are skipped, so brackets
 * inside quotes do not count.
 */
export function nestingProblem(text: string, maxDepth: number): string | undefined {
  let depth = 0;
  let prefixRun = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      i = endOfStringLiteral(text, i, isRaw(text, i)) - 1;
      prefixRun = 0;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') {
      depth++;
      if (depth > maxDepth) return `expression nests brackets more than ${maxDepth} deep (column ${i + 1})`;
    } else if (c === ')' || c === ']' || c === '}') {
      depth = Math.max(0, depth - 1);
    }
    if (c === '!' || c === '-') {
      prefixRun++;
      if (prefixRun > maxDepth) return `expression repeats '${c}' more than ${maxDepth} times in a row (column ${i + 1})`;
    } else if (!/\s/.test(c)) {
      prefixRun = 0;
    }
  }
  return undefined;
}

/** `r'...'`, `br'...'` and `rb'...'` take backslashes literally. */
function isRaw(text: string, quoteAt: number): boolean {
  const prefix = /[A-Za-z_0-9]*$/.exec(text.slice(Math.max(0, quoteAt - 3), quoteAt))![0].toLowerCase();
  return prefix === 'r' || prefix === 'br' || prefix === 'rb';
}

/** Index just past the literal opening at `start` (or the text's end when it is unterminated: the parser reports that). */
function endOfStringLiteral(text: string, start: number, raw: boolean): number {
  const quote = text[start]!;
  const triple = text.startsWith(quote.repeat(3), start);
  const closing = triple ? quote.repeat(3) : quote;
  let i = start + closing.length;
  while (i < text.length) {
    if (!raw && text[i] === '\\') {
      i += 2;
      continue;
    }
    if (text.startsWith(closing, i)) return i + closing.length;
    if (!triple && text[i] === '\n') return i;
    i++;
  }
  return text.length;
}
