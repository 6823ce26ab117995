import dgram from 'node:dgram';
import net from 'node:net';
import * as packet from 'dns-packet';

/** Records by name (lower-case, no trailing dot), each with its type and data as dns-packet encodes it. */
export type Zone = Record<string, { type: packet.RecordType; data: unknown }[]>;

export interface DnsServerOptions {
  zone: Zone;
  /** Names under which the server never answers (a dead or firewalled authoritative server): queries time out. */
  silent?: string[];
  /** Answers larger than this many bytes over UDP come back truncated, so the client must ask over TCP. */
  udpLimit?: number;
}

export interface TestDnsServer {
  /** "127.0.0.1:port", as DNS_SERVERS takes it. */
  address: string;
  port: number;
  /** Every question asked, over both transports: "TXT good.test". */
  questions: string[];
  close(): Promise<void>;
}

const underAny = (name: string, roots: string[]) => roots.some((root) => name === root || name.endsWith(`.${root}`));

/**
 * A DNS server on 127.0.0.1 that speaks the protocol for real (dns-packet on UDP and TCP, one port):
 * records from the zone, NXDOMAIN for names it does not know, NODATA for known names without the
 * type asked, silence under the `silent` names, and truncation over UDP beyond `udpLimit`.
 */
export async function startDnsServer(options: DnsServerOptions): Promise<TestDnsServer> {
  const questions: string[] = [];
  const known = new Set(Object.keys(options.zone));

  function respond(query: packet.DecodedPacket): packet.Packet | null {
    const question = query.questions?.[0];
    if (!question) return null;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    questions.push(`${question.type} ${name}`);
    if (underAny(name, options.silent ?? [])) return null;
    const records = (options.zone[name] ?? []).filter((record) => record.type === question.type);
    // A name is known if it has records, or names below it do (an "empty non-terminal" answers NODATA).
    const exists = known.has(name) || [...known].some((other) => other.endsWith(`.${name}`));
    return {
      type: 'response',
      id: query.id,
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (exists ? 0 : 3), // rcode 3: NXDOMAIN
      questions: [question],
      answers: records.map(
        (record) => ({ name: question.name, type: record.type, class: 'IN', ttl: 300, data: record.data }) as packet.Answer,
      ),
    };
  }

  const answerUdp = (udp: dgram.Socket) => (message: Buffer, peer: dgram.RemoteInfo) => {
    const answer = respond(packet.decode(message));
    if (!answer) return;
    let encoded = packet.encode(answer);
    if (options.udpLimit !== undefined && encoded.length > options.udpLimit)
      encoded = packet.encode({ ...answer, flags: answer.flags! | packet.TRUNCATED_RESPONSE, answers: [] });
    udp.send(encoded, peer.port, peer.address);
  };
  const tcp = net.createServer((socket) => {
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length < 2 || buffered.length < buffered.readUInt16BE(0) + 2) return;
      const answer = respond(packet.streamDecode(buffered) as packet.DecodedPacket);
      buffered = Buffer.alloc(0);
      if (answer) socket.end(packet.streamEncode(answer));
    });
    socket.on('error', () => undefined);
  });

  // UDP and TCP on one port, as a DNS server answers. The UDP port is the system's pick, and on a busy
  // machine the same TCP port can be taken (another test's server, a connection's local end): then
  // both are tried again on another port, rather than the test file failing before it starts.
  let udp: dgram.Socket;
  for (let attempt = 1; ; attempt++) {
    udp = dgram.createSocket('udp4');
    udp.on('message', answerUdp(udp));
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const taken = await new Promise<boolean>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(true) : reject(error));
      tcp.once('error', onError);
      tcp.listen(udp.address().port, '127.0.0.1', () => {
        tcp.off('error', onError);
        resolve(false);
      });
    });
    if (!taken) break;
    udp.close();
    if (attempt === 20) throw new Error('No port free for both UDP and TCP after 20 tries');
  }
  const port = udp.address().port;

  return {
    address: `127.0.0.1:${port}`,
    port,
    questions,
    close: async () => {
      udp.close();
      await new Promise((resolve) => tcp.close(resolve));
    },
  };
}
