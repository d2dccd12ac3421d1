import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EVENT_NAMES, eventsThatCannotFire, eventsThatFire } from '@tessera/domain';
import { workspaceRoot } from '../paths.js';

/** The names quoted in the README's block after `<!-- <marker> -->`, up to its `<!-- end -->`. */
async function listed(marker: string): Promise<string[]> {
  const readme = await readFile(path.join(workspaceRoot, 'README.md'), 'utf8');
  const start = readme.indexOf(`<!-- ${marker} -->`);
  if (start < 0) throw new Error(`README.md has no <!-- ${marker} --> block`);
  const block = readme.slice(start, readme.indexOf('<!-- end -->', start));
  return [...block.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
}

describe("the README's lists of the events that fire and of those that cannot yet", () => {
  it('name every event some write fires, and every other name of the catalogue, each once, and say how many', async () => {
    const [fire, cannot] = [await listed('events that fire'), await listed('events that cannot fire')];
    expect(fire).toEqual(eventsThatFire());
    expect(cannot).toEqual(eventsThatCannotFire());
    expect([...fire, ...cannot].sort()).toEqual([...EVENT_NAMES].sort());
    const readme = await readFile(path.join(workspaceRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`${fire.length} of the catalogue's ${EVENT_NAMES.length} names`);
    expect(readme).toContain(cannot.length === 1 ? 'The other one is accepted for subscription' : `The other ${cannot.length} are accepted for subscription`);
  });
});
