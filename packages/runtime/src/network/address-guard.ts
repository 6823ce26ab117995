import dns, { type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { forbiddenAddressReason, isIpLiteral } from './address-policy';
import { SsrfRefusedError } from './ssrf-error';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type LookupFunction = (hostname: string, options: LookupOneOptions | LookupAllOptions | number, callback: LookupCallback) => void;

/**
 * Resolves host names for sockets and refuses forbidden addresses. Because the check runs in the
 * socket's own `lookup`, the address checked is the address connected to: a DNS answer that
 * changes between check and connect (rebinding) cannot slip through.
 */
export class AddressGuard {
  constructor(
    readonly allowPrivate: boolean,
    private readonly resolve: typeof dns.lookup = dns.lookup,
    /** The address policy; tests substitute one that treats a second loopback address as public. */
    private readonly reasonFor: (address: string) => string | null = forbiddenAddressReason,
  ) {}

  /** Throws SsrfRefusedError for a forbidden IP literal (sockets skip `lookup` for literals). */
  assertLiteral(host: string): void {
    if (this.allowPrivate || !isIpLiteral(host)) return;
    const reason = this.reasonFor(host.replace(/^\[|\]$/g, ''));
    if (reason) throw new SsrfRefusedError(reason);
  }

  /** Resolves and checks a host without connecting: for layers that cannot pin (Chromium interception). */
  async check(host: string): Promise<void> {
    if (this.allowPrivate) return;
    if (isIpLiteral(host)) return this.assertLiteral(host);
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      this.resolve(host, { all: true }, (error, result) => (error ? reject(error) : resolve(result))),
    );
    this.allowed(host, addresses);
  }

  /** A `lookup` for net.connect / tls.connect / undici's connector. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const opts = typeof options === 'number' ? { family: options } : options;
    this.resolve(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      let allowed: LookupAddress[];
      try {
        allowed = this.allowPrivate ? addresses : this.allowed(hostname, addresses);
      } catch (refusal) {
        return callback(refusal as NodeJS.ErrnoException, '');
      }
      if ((opts as LookupAllOptions).all) return callback(null, allowed);
      const [first] = allowed;
      callback(null, first!.address, first!.family);
    });
  };

  /** Keeps the public addresses; refuses when there is none, naming the first forbidden one. */
  private allowed(hostname: string, addresses: LookupAddress[]): LookupAddress[] {
    if (this.allowPrivate) return addresses;
    const allowed = addresses.filter((a) => this.reasonFor(a.address) === null);
    if (allowed.length === 0) {
      const first = addresses[0];
      const reason = first ? this.reasonFor(first.address)!.replace(' is ', ', which is ') : null;
      throw new SsrfRefusedError(reason ? `${hostname} resolves to ${reason}` : `${hostname} has no address`);
    }
    return allowed;
  }
}
