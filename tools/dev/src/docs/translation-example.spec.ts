import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { blockCommands, isShell, markdownBlocks, type ExampleCommand } from '../examples/markdown-examples.js';
import { workspaceRoot } from '../paths.js';

async function examplesOf(document: string): Promise<ExampleCommand[]> {
  const markdown = await readFile(path.join(workspaceRoot, document), 'utf8');
  return markdownBlocks(markdown).filter((block) => isShell(block) && block.notRun === undefined).flatMap(blockCommands);
}

describe('the translations walkthrough of docs/ui-extensions.md', () => {
  // Its answers are checked against a running Tessera by readme-examples.spec.ts; this says they show the point.
  it('shows the localized_html of a version in the translated words it stored, not only the stored set', async () => {
    const examples = await examplesOf('docs/ui-extensions.md');
    const stored = examples.find((example) => /-X PUT \S*\/translations\//.test(example.command));
    expect(stored?.answer).toBeDefined();
    const translations = Object.values((JSON.parse(stored!.answer!.replace(/^\d{3} /, '')) as { translations: Record<string, string> }).translations);
    expect(translations.length).toBeGreaterThan(0);
    const shown = examples.filter((example) => example.command.includes('localized_html') && example.answer !== undefined);
    expect(shown.filter((example) => translations.every((text) => example.answer!.includes(text))).map((example) => example.line)).not.toEqual([]);
  });
});
