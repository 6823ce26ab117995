import dgram from 'node:dgram';
import dns from 'node:dns';
import { randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import net from 'node:net';
import * as packet from 'dns-packet';

/** A resolver to ask: an address and a port (resolvers are addresses: they need no lookup of their own). */
export interface DnsServer {
  host: string;
  port: number;
}

export interface DnsResolverOptions {
  servers: DnsServer[];
  /** How long one query waits for an answer from one server before the next is asked. */
  timeoutMs: number;
  /** The most queries this resolver makes (one assessment); beyond, a lookup is unanswered ("query cap reached"). */
  maxQueries: number;
  /**
   * The crawl's posture deadline (its budget, the job's cancel or shutdown): once aborted, queries in
   * flight and every later one are unanswered ("not read in time"), never an error.
   */
  signal?: AbortSignal;
}

/**
 * Why a lookup has no records, with the codes node:dns uses, so libraries written for
 * `dns.promises.resolve` (mailauth) read it as they read node's: ENOTFOUND (NXDOMAIN), ENODATA (the
 * name exists, without such records), ETIMEOUT, ESERVFAIL, EREFUSED, and ECAPPED (this assessment's
 * query cap was reached), ESTOPPED (the posture's deadline passed, or the job was cancelled).
 */
export class DnsLookupError extends Error {
  constructor(
    readonly code: 'ENOTFOUND' | 'ENODATA' | 'ETIMEOUT' | 'ESERVFAIL' | 'EREFUSED' | 'ECAPPED' | 'EBADRESP' | 'ESTOPPED',
    readonly hostname: string,
    readonly rrtype: string,
  ) {
    super(`${rrtype} ${hostname}: ${code}`);
  }

  /** NXDOMAIN or NODATA: the zone answered that there is nothing. Anything else is no answer. */
  get isAuthoritativeEmpty(): boolean {
    return this.code === 'ENOTFOUND' || this.code === 'ENODATA';
  }
}

/** EDNS0 buffer size: large enough for DNSKEY and long TXT sets, small enough not to fragment (DNS flag day 2020). */
const UDP_PAYLOAD = 1232;
const MAX_TCP_ANSWER = 65_535;

const RCODE_ERRORS: Record<string, DnsLookupError['code']> = {
  NXDOMAIN: 'ENOTFOUND',
  SERVFAIL: 'ESERVFAIL',
  REFUSED: 'EREFUSED',
};

/** The system's resolvers, as node reads them (/etc/resolv.conf): "192.0.2.53", "[2001:db8::1]:5353". */
export function systemDnsServers(): DnsServer[] {
  return dns.getServers().map(parseDnsServer);
}

/** "127.0.0.1:5353", "[::1]:53", "192.0.2.53" (port 53). */
export function parseDnsServer(text: string): DnsServer {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, port: Number(bracketed[2] ?? 53) };
  if (isIP(text) === 6) return { host: text, port: 53 };
  const [host, port] = text.split(':');
  return { host: host!, port: Number(port ?? 53) };
}

/**
 * The one resolver every DNS query of an assessment goes through: the operator's servers
 * (`DNS_SERVERS`, else the system's), a timeout per query, a cap on queries, and a cache so a name
 * asked twice (mailauth's SPF walk, then our own reading of the same TXT set) costs one query.
 * Speaks DNS itself (dns-packet over UDP, TCP when the answer is truncated), because node's resolver
 * cannot ask for DNSKEY or DS records.
 */
export class DnsResolver {
  private queries = 0;
  private readonly cache = new Map<string, Promise<packet.Answer[]>>();

  constructor(private readonly options: DnsResolverOptions) {}

  /** Queries made so far (answered from the servers; cache hits are free). */
  get queryCount(): number {
    return this.queries;
  }

  get queryCap(): number {
    return this.options.maxQueries;
  }

  /** The answer records of `type` for `name`; throws DnsLookupError when there are none, or no answer came. */
  query(name: string, type: packet.RecordType): Promise<packet.Answer[]> {
    const key = `${type} ${name.toLowerCase()}`;
    let answer = this.cache.get(key);
    if (!answer) {
      answer = this.ask(name, type);
      this.cache.set(key, answer);
    }
    return answer;
  }

  /**
   * `dns.promises.resolve`'s shape, for mailauth: TXT as string[][] (each record's strings), MX as
   * { exchange, priority }, A/AAAA/NS/CNAME/PTR as strings.
   */
  readonly resolve = async (name: string, rrtype: string): Promise<never[]> => {
    const records = await this.query(name, rrtype.toUpperCase() as packet.RecordType);
    return records.map((record) => {
      if (record.type === 'TXT') return txtStrings(record.data);
      if (record.type === 'MX') return { exchange: record.data.exchange, priority: record.data.preference };
      return (record as packet.StringAnswer).data;
    }) as never[];
  };

  private async ask(name: string, type: packet.RecordType): Promise<packet.Answer[]> {
    let lastError: DnsLookupError | null = null;
    for (const server of this.options.servers) {
      if (this.options.signal?.aborted) throw new DnsLookupError('ESTOPPED', name, type);
      if (this.queries >= this.options.maxQueries) throw new DnsLookupError('ECAPPED', name, type);
      this.queries++;
      try {
        const response = await this.exchange(server, name, type);
        return answersOf(response, name, type);
      } catch (error) {
        if (!(error instanceof DnsLookupError)) throw error;
        // An authoritative "nothing there" is the answer; a silent or failing server lets the next one try.
        if (error.isAuthoritativeEmpty) throw error;
        lastError = error;
      }
    }
    throw lastError ?? new DnsLookupError('ETIMEOUT', name, type);
  }

  /** One query to one server: UDP first, TCP again when the answer came back truncated. */
  private async exchange(server: DnsServer, name: string, type: packet.RecordType): Promise<packet.DecodedPacket> {
    const id = randomInt(0, 65_536);
    const query: packet.Packet = {
      type: 'query',
      id,
      flags: packet.RECURSION_DESIRED,
      questions: [{ type, name, class: 'IN' }],
      additionals: [
        {
          type: 'OPT',
          name: '.',
          udpPayloadSize: UDP_PAYLOAD,
          extendedRcode: 0,
          ednsVersion: 0,
          flags: 0,
          flag_do: false,
          options: [],
        },
      ],
    };
    const udp = await this.overUdp(server, packet.encode(query), id, name, type);
    if (!(udp.flags! & packet.TRUNCATED_RESPONSE)) return udp;
    return this.overTcp(server, packet.streamEncode(query), id, name, type);
  }

  private overUdp(server: DnsServer, message: Buffer, id: number, name: string, type: string): Promise<packet.DecodedPacket> {
    return new Promise((resolve, reject) => {
      const socket = dgram.createSocket(isIP(server.host) === 6 ? 'udp6' : 'udp4');
      const done = (result: () => void) => {
        clearTimeout(timer);
        this.options.signal?.removeEventListener('abort', stop);
        socket.close();
        result();
      };
      const timer = setTimeout(() => done(() => reject(new DnsLookupError('ETIMEOUT', name, type))), this.options.timeoutMs);
      const stop = () => done(() => reject(new DnsLookupError('ESTOPPED', name, type)));
      this.options.signal?.addEventListener('abort', stop, { once: true });
      socket.on('message', (buffer) => {
        let response: packet.DecodedPacket;
        try {
          response = packet.decode(buffer);
        } catch {
          return; // Not a DNS message: keep waiting for the real answer.
        }
        if (response.id === id) done(() => resolve(response));
      });
      socket.on('error', () => done(() => reject(new DnsLookupError('EREFUSED', name, type))));
      socket.send(message, server.port, server.host);
    });
  }

  private overTcp(server: DnsServer, message: Buffer, id: number, name: string, type: string): Promise<packet.DecodedPacket> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: server.host, port: server.port });
      let received = Buffer.alloc(0);
      const done = (result: () => void) => {
        clearTimeout(timer);
        this.options.signal?.removeEventListener('abort', stop);
        socket.destroy();
        result();
      };
      const timer = setTimeout(() => done(() => reject(new DnsLookupError('ETIMEOUT', name, type))), this.options.timeoutMs);
      const stop = () => done(() => reject(new DnsLookupError('ESTOPPED', name, type)));
      this.options.signal?.addEventListener('abort', stop, { once: true });
      socket.on('connect', () => socket.write(message));
      socket.on('data', (chunk) => {
        received = Buffer.concat([received, chunk]);
        if (received.length > MAX_TCP_ANSWER + 2) return done(() => reject(new DnsLookupError('EBADRESP', name, type)));
        if (received.length < 2 || received.length < received.readUInt16BE(0) + 2) return;
        try {
          const response = packet.streamDecode(received) as packet.DecodedPacket;
          done(() => (response.id === id ? resolve(response) : reject(new DnsLookupError('EBADRESP', name, type))));
        } catch {
          done(() => reject(new DnsLookupError('EBADRESP', name, type)));
        }
      });
      socket.on('error', () => done(() => reject(new DnsLookupError('EREFUSED', name, type))));
    });
  }
}

/** The records of the asked type (a CNAME chain's target records included), or the error the response means. */
function answersOf(response: packet.DecodedPacket, name: string, type: packet.RecordType): packet.Answer[] {
  const rcode = (response as { rcode?: string }).rcode ?? 'NOERROR';
  if (rcode !== 'NOERROR') throw new DnsLookupError(RCODE_ERRORS[rcode] ?? 'ESERVFAIL', name, type);
  const records = (response.answers ?? []).filter((answer) => answer.type === type);
  if (records.length === 0) throw new DnsLookupError('ENODATA', name, type);
  return records;
}

/** A TXT record's character-strings, decoded (a long record is several strings, joined by whoever reads it). */
export const txtStrings = (data: packet.TxtData): string[] =>
  (Array.isArray(data) ? data : [data]).map((part) => (Buffer.isBuffer(part) ? part.toString('utf8') : part));
