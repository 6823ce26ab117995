import type { IncomingMessage } from 'node:http';
import { requestId, requestLogLevel } from './logger.module';

describe('request log levels', () => {
  it('keeps polling reads out of the info log and failures in it', () => {
    expect(requestLogLevel({ method: 'GET' }, { statusCode: 200 })).toBe('debug');
    expect(requestLogLevel({ method: 'GET' }, { statusCode: 304 })).toBe('debug');
    expect(requestLogLevel({ method: 'POST' }, { statusCode: 201 })).toBe('info');
    expect(requestLogLevel({ method: 'DELETE' }, { statusCode: 204 })).toBe('info');
    expect(requestLogLevel({ method: 'GET' }, { statusCode: 404 })).toBe('warn');
    expect(requestLogLevel({ method: 'POST' }, { statusCode: 400 })).toBe('warn');
    expect(requestLogLevel({ method: 'GET' }, { statusCode: 500 })).toBe('error');
    expect(requestLogLevel({ method: 'GET' }, { statusCode: 200 }, new Error('socket hang up'))).toBe('error');
  });
});

describe('request ids', () => {
  const request = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;

  it("keeps a caller's or proxy's plain id", () => {
    expect(requestId(request('edge-7f3a.1'))).toBe('edge-7f3a.1');
  });

  it('makes a new one when none came or the given one is not a plain token', () => {
    const ids = [undefined, '', 'a b', 'x'.repeat(129), '<script>'].map((given) => requestId(request(given)));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
