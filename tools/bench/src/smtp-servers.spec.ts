import net from 'node:net';
import nodemailer from 'nodemailer';
import { startAnsweringSmtpServer, startHungSmtpServer } from './smtp-servers.js';

describe('the SMTP servers of the mail runs', () => {
  it('the hung one accepts a connection and never sends its greeting', async () => {
    const server = await startHungSmtpServer();
    try {
      const { port } = new URL(server.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      await new Promise((resolve) => socket.once('connect', resolve));
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.destroy();
      expect({ connections: server.connections(), received: Buffer.concat(received).length }).toEqual({ connections: 1, received: 0 });
    } finally {
      await server.close();
    }
  });

  it('the answering one takes a message as nodemailer sends it, and counts it', async () => {
    const server = await startAnsweringSmtpServer();
    try {
      const transport = nodemailer.createTransport({ url: server.url } as never);
      await transport.sendMail({ from: 'bench@example.test', to: 'ops@example.test', subject: 'failing', text: 'hello' });
      transport.close();
      expect({ connections: server.connections(), messages: server.messages() }).toEqual({ connections: 1, messages: 1 });
    } finally {
      await server.close();
    }
  });
});
