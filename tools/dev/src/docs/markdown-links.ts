/**
 * Relative links of the Markdown documentation, and whether they reach something: a file or folder
 * of the checkout, and, for a `#fragment` into a Markdown file, one of its headings (GitHub's
 * anchors). Moving a section from one page to another breaks the links to it silently otherwise.
 * Links to other sites (`https:`, `mailto:`) are not followed: the check runs offline.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface MarkdownLink {
  /** 1-based line of the link in its document. */
  line: number;
  target: string;
}

const INLINE_LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const FENCE = /^\s*(`{3,}|~{3,})/;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Every inline link outside fenced code blocks and code spans, in document order. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, i) => {
    const open = FENCE.exec(text);
    if (open) {
      if (fence === undefined) fence = open[1]!;
      else if (text.trim().startsWith(fence)) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    const prose = text.replace(/(`+)[\s\S]*?\1/g, '');
    for (const match of prose.matchAll(INLINE_LINK)) links.push({ line: i + 1, target: match[1]! });
  });
  return links;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a document's headings; a repeated heading gets -1, -2, … as on GitHub. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const text of markdown.split('\n')) {
    const open = FENCE.exec(text);
    if (open) {
      if (fence === undefined) fence = open[1]!;
      else if (text.trim().startsWith(fence)) fence = undefined;
      continue;
    }
    const heading = fence === undefined ? /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(text) : null;
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The relative links of `document` (relative to `root`) that reach nothing, as `document:line: target (why)`. */
export async function brokenLinks(root: string, document: string): Promise<string[]> {
  const markdown = await readFile(path.join(root, document), 'utf8');
  const broken: string[] = [];
  for (const { line, target } of markdownLinks(markdown)) {
    if (EXTERNAL.test(target)) continue;
    const [file, fragment] = target.split('#', 2) as [string, string | undefined];
    const resolved = file === '' ? path.join(root, document) : path.resolve(path.dirname(path.join(root, document)), decodeURI(file));
    const where = `${document}:${line}: ${target}`;
    if (!resolved.startsWith(root + path.sep) && resolved !== root) broken.push(`${where} (outside the repository)`);
    else if (!(await exists(resolved))) broken.push(`${where} (no such file)`);
    else if (fragment && resolved.endsWith('.md') && !headingAnchors(await readFile(resolved, 'utf8')).has(fragment)) broken.push(`${where} (no such heading)`);
  }
  return broken;
}
