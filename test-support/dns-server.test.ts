import dgram from 'node:dgram';
import net from 'node:net';
import { startDnsServer } from './dns-server';

describe('the test DNS server', () => {
  it('starts on another port when the TCP twin of the port UDP was given is taken', async () => {
    // A busy machine's case, made certain: the first UDP port handed out is one a TCP server holds.
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as net.AddressInfo).port;
    const bind = dgram.Socket.prototype.bind;
    let handedOut = false;
    dgram.Socket.prototype.bind = function (this: dgram.Socket, ...args: unknown[]) {
      if (!handedOut) {
        handedOut = true;
        args[0] = taken;
      }
      return (bind as (...a: unknown[]) => dgram.Socket).apply(this, args);
    } as typeof bind;
    try {
      const dns = await startDnsServer({ zone: { 'vendor.test': [{ type: 'A', data: '127.0.0.1' }] } });
      expect(handedOut).toBe(true);
      expect(dns.port).not.toBe(taken);
      await dns.close();
    } finally {
      dgram.Socket.prototype.bind = bind;
      holder.close();
    }
  });
});
