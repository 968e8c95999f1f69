import { createSocket, type RemoteInfo } from 'node:dgram';

/**
 * A DNS server on loopback (UDP) answering TXT queries from a table the test edits: a name in the
 * table answers its records (none: NOERROR without answers), any other name NXDOMAIN. Enough of
 * RFC 1035 for node:dns (c-ares) to resolve against it through `Resolver.setServers`.
 */
export async function startDnsTxtServer() {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');

  function readName(message: Buffer, start: number): { name: string; end: number } {
    const labels: string[] = [];
    let offset = start;
    while (message[offset]! !== 0) {
      const length = message[offset]!;
      labels.push(message.subarray(offset + 1, offset + 1 + length).toString('latin1'));
      offset += 1 + length;
    }
    return { name: labels.join('.').toLowerCase(), end: offset + 1 };
  }

  function answer(query: Buffer): Buffer {
    const { name, end } = readName(query, 12);
    const type = query.readUInt16BE(end);
    const question = query.subarray(12, end + 4);
    const texts = records.get(name);
    const answers = texts && type === 16 ? texts : [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    // QR, AA, RD copied, RA; rcode 3 (NXDOMAIN) for a name not in the table.
    header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (texts ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const parts: Buffer[] = [header, question];
    for (const text of answers) {
      const bytes = Buffer.from(text, 'utf8');
      const strings: Buffer[] = [];
      for (let at = 0; at < bytes.length || at === 0; at += 255) {
        const chunk = bytes.subarray(at, at + 255);
        strings.push(Buffer.from([chunk.length]), chunk);
        if (bytes.length === 0) break;
      }
      const rdata = Buffer.concat(strings);
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      fixed.writeUInt16BE(16, 2); // TXT
      fixed.writeUInt16BE(1, 4); // IN
      fixed.writeUInt32BE(0, 6); // TTL 0: no caching between the test's steps
      fixed.writeUInt16BE(rdata.length, 10);
      parts.push(fixed, rdata);
    }
    return Buffer.concat(parts);
  }

  socket.on('message', (query: Buffer, from: RemoteInfo) => {
    try {
      socket.send(answer(query), from.port, from.address);
    } catch {
      // A query this server does not understand gets no answer (the resolver times out).
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    /** `127.0.0.1:{port}`, for `Resolver.setServers`. */
    server: `127.0.0.1:${port}`,
    /** Sets (or, with no texts, empties) the TXT records of a name. */
    set(name: string, ...texts: string[]) {
      records.set(name.toLowerCase(), texts);
    },
    remove(name: string) {
      records.delete(name.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
