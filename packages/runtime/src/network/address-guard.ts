import dns, { type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { alwaysForbiddenReason, forbiddenAddressReason, forbiddenHostNameReason, isIpLiteral } from './address-policy';
import { SsrfRefusedError } from './ssrf-error';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type LookupFunction = (hostname: string, options: LookupOneOptions | LookupAllOptions | number, callback: LookupCallback) => void;

/**
 * Resolves host names for sockets and refuses forbidden addresses. Because the check runs in the
 * socket's own `lookup`, the address checked is the address connected to: a DNS answer that
 * changes between check and connect (rebinding) cannot slip through.
 *
 * `allowPrivate` (a local demo) lets loopback and private networks through; link-local and cloud
 * metadata addresses stay refused whatever it says.
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
    if (!isIpLiteral(host)) return;
    const reason = this.refusal(host.replace(/^\[|\]$/g, ''));
    if (reason) throw this.error(reason, host);
  }

  /** Resolves and checks a host without connecting: for layers that cannot pin (Chromium interception). */
  async check(host: string): Promise<void> {
    if (isIpLiteral(host)) return this.assertLiteral(host);
    this.assertHostName(host);
    const addresses = await new Promise<LookupAddress[] | null>((resolve, reject) =>
      this.resolve(host, { all: true }, (error, result) =>
        // Where private networks are allowed, a name that does not resolve here has nothing left to refuse.
        error ? (this.allowPrivate ? resolve(null) : reject(error)) : resolve(result),
      ),
    );
    if (addresses) this.allowed(host, addresses);
  }

  /** A `lookup` for net.connect / tls.connect / undici's connector. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const opts = typeof options === 'number' ? { family: options } : options;
    try {
      this.assertHostName(hostname);
    } catch (refusal) {
      return callback(refusal as NodeJS.ErrnoException, '');
    }
    this.resolve(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      let allowed: LookupAddress[];
      try {
        allowed = this.allowed(hostname, addresses);
      } catch (refusal) {
        return callback(refusal as NodeJS.ErrnoException, '');
      }
      if ((opts as LookupAllOptions).all) return callback(null, allowed);
      const [first] = allowed;
      callback(null, first!.address, first!.family);
    });
  };

  private refusal(address: string): string | null {
    return this.allowPrivate ? alwaysForbiddenReason(address) : this.reasonFor(address);
  }

  /** Where private networks are allowed already, the setting cannot lift the refusal: no hint to it. */
  private error(reason: string, address: string): SsrfRefusedError {
    return new SsrfRefusedError(reason, !this.allowPrivate && alwaysForbiddenReason(address) === null);
  }

  private assertHostName(hostname: string): void {
    const reason = forbiddenHostNameReason(hostname);
    if (reason) throw new SsrfRefusedError(reason, false);
  }

  /** Keeps the allowed addresses; refuses when there is none, naming the kind of the first forbidden one. */
  private allowed(hostname: string, addresses: LookupAddress[]): LookupAddress[] {
    const allowed = addresses.filter((a) => this.refusal(a.address) === null);
    if (allowed.length === 0) {
      const first = addresses[0];
      if (!first) throw new SsrfRefusedError(`${hostname} has no address`, false);
      // The kind of address only ("a private address"): a refusal shown to a user never tells them
      // what an internal name resolves to.
      const reason = this.refusal(first.address)!;
      throw this.error(`${hostname} resolves to ${reason.slice(reason.lastIndexOf(' is ') + 4)}`, first.address);
    }
    return allowed;
  }
}
