import { requestLogLevel } from './logger.module';

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
