import { createServer } from 'node:net';
import { receiverPorts, stillListening, webhooksEnabledOffMachine } from './leftovers.js';

describe('what the walkthroughs may not leave behind', () => {
  it('finds the receivers\' ports in the commands that start them', () => {
    const receiver = `node -e "require('http').createServer((q,s)=>s.end()).listen(9001)" &`;
    expect(receiverPorts([receiver, 'curl -s http://localhost:3000/v1/me', receiver.replace('9001', '9000')])).toEqual([9000, 9001]);
  });

  it('tells a port something listens on from one nothing does', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    expect(await stillListening([port])).toEqual([port]);
    await new Promise((resolve) => server.close(resolve));
    expect(await stillListening([port])).toEqual([]);
  });

  it('names every webhook that was enabled for a host outside the machine, also one disabled or deleted since', () => {
    const lines = [
      { record_id: 1, action: 'create', changes: { uri: 'https://hooks.example/tessera', disabled: false } },
      { record_id: 1, action: 'delete', changes: {} },
      { record_id: 2, action: 'create', changes: { uri: 'https://hooks.example/u', disabled: true } },
      { record_id: 3, action: 'create', changes: { uri: 'http://localhost:9000/hook', disabled: false } },
      { record_id: 3, action: 'update', changes: { uri: ['http://localhost:9000/hook', 'http://127.0.0.1:9000/hook'] } },
      { record_id: 2, action: 'update', changes: { description: [null, 'x'] } },
      { record_id: 4, action: 'create', changes: { uri: 'http://127.0.0.1:9001/people', disabled: true } },
      { record_id: 4, action: 'update', changes: { uri: ['http://127.0.0.1:9001/people', 'https://elsewhere.example/'] } },
      { record_id: 4, action: 'update', changes: { disabled: [true, false] } },
    ];
    expect(webhooksEnabledOffMachine(lines)).toEqual(['webhook 1 was enabled for https://hooks.example/tessera', 'webhook 4 was enabled for https://elsewhere.example/']);
  });
});
