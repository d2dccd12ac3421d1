/**
 * Whether a shell command is complete, or goes on on the next line: after a
 * trailing `\`, `|`, `&&` or `||`, inside a quote, or inside `$( … )`. Enough of
 * bash's grammar for the examples of the docs (no here-documents).
 */
type Context = "'" | '"' | '$(' | '(';

export function shellIsComplete(text: string): boolean {
  const stack: Context[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    const top = stack.at(-1);
    if (top === "'") {
      if (c === "'") stack.pop();
      continue;
    }
    if (c === '\\') {
      if (i === text.length - 1) return false;
      i += 1;
      continue;
    }
    if (top === '"') {
      if (c === '"') stack.pop();
      else if (c === '$' && text[i + 1] === '(') {
        stack.push('$(');
        i += 1;
      }
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf('\n', i);
      if (end < 0) break;
      i = end - 1;
    } else if (c === "'" || c === '"') stack.push(c);
    else if (c === '$' && text[i + 1] === '(') {
      stack.push('$(');
      i += 1;
    } else if (c === '(' && top !== undefined) stack.push('(');
    else if (c === ')' && (top === '$(' || top === '(')) stack.pop();
  }
  if (stack.length > 0) return false;
  const last = text.replace(/\s+#[^'"\n]*$/, '').trimEnd();
  return !/(\||&&|\|\|)$/.test(last);
}
