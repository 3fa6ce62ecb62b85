/**
 * The newsletter bench's SMTP sink, in its own process (its CPU is not the sender's): accepts
 * every message (250), counts them, and tells the parent its port and, when asked, the count.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

let accepted = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  maxClients: 100,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      accepted++;
      callback();
    });
  },
});
server.on('error', () => undefined);
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.server.address() as AddressInfo).port });
});
process.on('message', (message) => {
  if (message === 'count') process.send?.({ accepted });
  if (message === 'close') server.close(() => process.exit(0));
});
