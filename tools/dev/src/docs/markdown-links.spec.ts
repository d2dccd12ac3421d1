import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { docsFiles, exampleDocuments, exampleOrder, readOnPages } from '../examples/documents.js';
import { workspaceRoot } from '../paths.js';
import { brokenLinks, headingAnchors, headingSlug, markdownLinks } from './markdown-links.js';

describe('the relative links of a Markdown document', () => {
  const markdown = [
    '# Title',
    'See [the REST page](docs/rest.md#rate-limits), [a site](https://example.com) and ![a picture](img/a.png).',
    '`[not a link](nowhere.md)` in code, and [two](a.md) [on a line](b.md "with a title").',
    '```sh',
    'echo "[inside a fence](nowhere.md)"',
    '```',
    '## Proofs and `npm run soak`',
    '## Requests: create, change, add notes',
    '## Requests: create, change, add notes',
  ].join('\n');

  it('finds inline links and images outside code, with their lines', () => {
    expect(markdownLinks(markdown)).toEqual([
      { line: 2, target: 'docs/rest.md#rate-limits' },
      { line: 2, target: 'https://example.com' },
      { line: 2, target: 'img/a.png' },
      { line: 3, target: 'a.md' },
      { line: 3, target: 'b.md' },
    ]);
  });

  it("names headings as GitHub's anchors do, numbering repeats", () => {
    expect(headingSlug('OAuth 2.0 (apps/auth, http://localhost:3001)')).toBe('oauth-20-appsauth-httplocalhost3001');
    expect([...headingAnchors(markdown)]).toEqual(['title', 'proofs-and-npm-run-soak', 'requests-create-change-add-notes', 'requests-create-change-add-notes-1']);
  });

  it('names the links that reach no file, no heading, or leave the repository, and follows none to another site', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'tessera-links-'));
    try {
      await mkdir(path.join(root, 'docs'));
      await writeFile(path.join(root, 'docs', 'rest.md'), '# The REST API\n## Rate limits\n');
      await writeFile(
        path.join(root, 'README.md'),
        ['[ok](docs/rest.md#rate-limits) [folder](docs) [here](#tessera) [site](https://example.com/x.md)', '# Tessera', '[gone](docs/gone.md) [moved](docs/rest.md#calling-it)', '[out](../elsewhere.md)'].join('\n'),
      );
      expect(await brokenLinks(root, 'README.md')).toEqual([
        'README.md:3: docs/gone.md (no such file)',
        'README.md:3: docs/rest.md#calling-it (no such heading)',
        'README.md:4: ../elsewhere.md (outside the repository)',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the order the examples run in', () => {
  const readme = ['# Tessera', 'See [ops](docs/operations.md) early.', '## Read on', '| [docs/b.md](docs/b.md#x) | b |', '| [docs/a.md](docs/a.md) | a, [again](docs/b.md) |', '## After', '[c](docs/c.md)'].join('\n');

  it("follows the README's Read-on section, then the other docs/ pages, then the projects' READMEs", () => {
    expect(readOnPages(readme)).toEqual(['docs/b.md', 'docs/a.md']);
    expect(exampleOrder(readme, ['docs/a.md', 'docs/b.md', 'docs/c.md', 'docs/operations.md'], ['apps/x/README.md'])).toEqual([
      'README.md',
      'docs/b.md',
      'docs/a.md',
      'docs/c.md',
      'docs/operations.md',
      'apps/x/README.md',
    ]);
  });

  it('refuses a README without a Read-on section rather than run the pages in an order nobody chose', () => {
    expect(() => readOnPages('# Tessera\n[a](docs/a.md)')).toThrow('"## Read on"');
  });
});

describe("the repository's documentation", () => {
  it('has no relative link that reaches no file or heading, in the README, docs/ and every project README', async () => {
    const broken: string[] = [];
    for (const document of await exampleDocuments()) {
      const present = await readFile(path.join(workspaceRoot, document), 'utf8').then(
        () => true,
        () => false,
      );
      if (present) broken.push(...(await brokenLinks(workspaceRoot, document)));
    }
    expect(broken).toEqual([]);
  });

  it("links every page of docs/ (the decision records aside) from the README's Read-on section", async () => {
    const pages = (await docsFiles()).filter((file) => !file.startsWith('docs/decisions/'));
    const readOn = readOnPages(await readFile(path.join(workspaceRoot, 'README.md'), 'utf8'));
    expect(pages.filter((page) => !readOn.includes(page))).toEqual([]);
    expect(readOn.filter((page) => !pages.includes(page))).toEqual([]);
  });

  it('keeps the README a guide: about 250 lines at most', async () => {
    const lines = (await readFile(path.join(workspaceRoot, 'README.md'), 'utf8')).split('\n').length;
    expect(lines).toBeLessThanOrEqual(260);
  });
});
