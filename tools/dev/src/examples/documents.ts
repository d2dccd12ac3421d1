/**
 * The Markdown files of the repository whose examples run, in the order they run. The README comes
 * first, then the pages of docs/ in the order its "Read on" section links them: a page's examples
 * may use what an earlier page made (the webhook a delivery example lists, the ids its answers
 * show), so the README's list is the one order both a reader and the test follow. The other pages
 * of docs/ (the decision records) come after them, then the apps', libs' and tools' READMEs and
 * docker/README.md. A project without a README is listed all the same and reads as empty.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { workspaceRoot } from '../paths.js';

const READ_ON = /^##\s+Read on\s*$/;
const LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;

/** The docs/ pages the README's "## Read on" section links, in the order of their first link. */
export function readOnPages(readme: string): string[] {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => READ_ON.test(line));
  if (start < 0) throw new Error('README.md has no "## Read on" section listing the pages of docs/');
  const end = lines.findIndex((line, i) => i > start && /^##?\s/.test(line));
  const section = lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
  const pages: string[] = [];
  for (const [, target] of section.matchAll(LINK)) {
    const file = path.posix.normalize(target!.split('#')[0]!);
    if (file.startsWith('docs/') && file.endsWith('.md') && !pages.includes(file)) pages.push(file);
  }
  return pages;
}

/** README.md, the Read-on pages, the other docs/ pages, then the projects' READMEs (see above). */
export function exampleOrder(readme: string, docsFiles: string[], projectReadmes: string[]): string[] {
  const readOn = readOnPages(readme);
  const rest = [...docsFiles].sort().filter((file) => !readOn.includes(file));
  return ['README.md', ...readOn, ...rest, ...projectReadmes];
}

/** Every Markdown file of docs/, relative to the workspace root, sorted. */
export async function docsFiles(root = workspaceRoot): Promise<string[]> {
  const files = await readdir(path.join(root, 'docs'), { recursive: true });
  return files.filter((file) => file.endsWith('.md')).map((file) => path.posix.join('docs', file.split(path.sep).join('/'))).sort();
}

export async function exampleDocuments(root = workspaceRoot): Promise<string[]> {
  const readmes = async (dir: string) => (await readdir(path.join(root, dir))).sort().map((project) => path.posix.join(dir, project, 'README.md'));
  const projects = [...(await readmes('apps')), ...(await readmes('libs')), ...(await readmes('tools')), 'docker/README.md'];
  return exampleOrder(await readFile(path.join(root, 'README.md'), 'utf8'), await docsFiles(root), projects);
}
