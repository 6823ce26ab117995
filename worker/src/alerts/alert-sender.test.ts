import { AddressGuard, createGuardedAgent } from '@vendorwatch/runtime';
import type { AlertEvent } from '@vendorwatch/contracts';
import { startTarpitServer, type TarpitServer } from '../../../test-support';
import { AlertSender } from './alert-sender';

const event: AlertEvent = {
  rule: 'test',
  subject: 'Vendorwatch test alert',
  vendorId: null,
  vendorName: null,
  crawlJobId: null,
  link: 'http://localhost/settings',
  details: [],
  occurredAt: new Date().toISOString(),
};

/** Issue 28, row 3: a receiver that answers one byte at a time cannot hold a delivery past its deadline. */
describe('AlertSender against a tarpit receiver', () => {
  const dispatcher = createGuardedAgent(new AddressGuard(true));
  const sender = new AlertSender(dispatcher, { url: undefined, from: 'x' }, 1000);
  const tarpits: TarpitServer[] = [];
  const tarpit = async (stall: 'headers' | 'body') => {
    const server = await startTarpitServer({ stall, intervalMs: 200 });
    tarpits.push(server);
    return server;
  };
  afterAll(async () => {
    await Promise.all(tarpits.map((server) => server.close()));
    await dispatcher.close();
  });

  it('gives up on a receiver that trickles its headers at the deadline, whole', async () => {
    const server = await tarpit('headers');
    const outcome = await sender.webhook(`${server.url}/hook`, 'secret', event);
    expect(outcome).toEqual({ ok: false, statusCode: null, error: 'The receiver did not answer within 1 s' });
  });

  it('takes the status of a receiver that trickles its body, and reads none of the body', async () => {
    const server = await tarpit('body');
    const outcome = await sender.webhook(`${server.url}/hook`, 'secret', event);
    expect(outcome).toEqual({ ok: true, statusCode: 200, error: null });
  });
});
