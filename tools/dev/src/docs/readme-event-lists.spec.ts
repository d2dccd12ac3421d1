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
    const readme = await readFile(path.join(workspaceRoot, 'README.md'), 'utf8');
    const cannot = eventsThatCannotFire();
    const fire = await listed('events that fire');
    expect(fire).toEqual(eventsThatFire());
    // With every name firing (automation rules send the last one), the README has no list of those that cannot, and says so.
    if (cannot.length === 0) {
      expect(readme).not.toContain('<!-- events that cannot fire -->');
      expect(readme).toContain('Every name of the catalogue fires');
    } else {
      expect(await listed('events that cannot fire')).toEqual(cannot);
      expect(readme).toContain(cannot.length === 1 ? 'The other one is accepted for subscription' : `The other ${cannot.length} are accepted for subscription`);
    }
    expect([...fire, ...cannot].sort()).toEqual([...EVENT_NAMES].sort());
    expect(readme).toContain(`${fire.length} of the catalogue's ${EVENT_NAMES.length} names`);
  });
});
