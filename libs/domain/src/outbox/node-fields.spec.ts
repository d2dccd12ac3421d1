import { decodeNodeId } from '../node-id.js';
import { missingNodeIds, nodeIdFields, nodeRef } from './node-fields.js';

describe('SPEC.md "Events" rule 1 — payload references carry their node ids', () => {
  it('nodeIdFields writes `<name>_id` with `<name>_nodeID`', () => {
    const fields = nodeIdFields('note', 'Note', 9);

    expect(Object.keys(fields)).toEqual(['note_id', 'note_nodeID']);
    expect(fields.note_id).toBe(9);
    expect(decodeNodeId(String(fields.note_nodeID))).toEqual({ instance: 'tessera', type: 'Note', id: 9 });
  });

  it('nodeRef writes `{id, nodeID, name}`', () => {
    const ref = nodeRef('Team', 4, 'Network');

    expect(ref).toEqual({ id: 4, nodeID: expect.any(String), name: 'Network' });
    expect(decodeNodeId(ref.nodeID)).toEqual({ instance: 'tessera', type: 'Team', id: 4 });
  });

  it('finds nothing missing in payloads written with the helpers', () => {
    expect(missingNodeIds({ ...nodeIdFields('note', 'Note', 9), member: nodeRef('Person', 7, 'Mia'), team: null, status: 'assigned' })).toEqual([]);
  });

  it('finds `x_id` without `x_nodeID`, at any depth', () => {
    expect(missingNodeIds({ note_id: 9 })).toEqual(['note_nodeID']);
    expect(missingNodeIds({ change: { site_id: 4 } })).toEqual(['change.site_nodeID']);
  });

  it('finds an `{id}` object without `nodeID`, in objects and in arrays', () => {
    expect(missingNodeIds({ member: { id: 7, name: 'Mia' } })).toEqual(['member.nodeID']);
    expect(missingNodeIds({ members: [nodeRef('Person', 7, 'Mia'), { id: 8, name: 'Max' }] })).toEqual(['members[1].nodeID']);
  });

  it('ignores ids that are not numbers, empty references and dates', () => {
    expect(missingNodeIds({ source_id: 'n-1', member_id: null, when: new Date('2026-03-02T08:00:00Z'), team: null })).toEqual([]);
  });
});
