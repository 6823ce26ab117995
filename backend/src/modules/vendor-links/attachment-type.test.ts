import { attachmentTypeOf, claimedTypeOf } from './attachment-type';

describe('attachment types', () => {
  it('tells PDF, PNG and JPEG by their first bytes, and nothing else', () => {
    expect(attachmentTypeOf(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(attachmentTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(attachmentTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    for (const other of ['<!doctype html>', ' %PDF-1.7', 'GIF89a', 'PK\u0003\u0004', '%PD'])
      expect(attachmentTypeOf(Buffer.from(other))).toBeNull();
  });

  it('reads what an upload claims from its declared type, else its extension', () => {
    expect(claimedTypeOf('x.bin', 'application/pdf')).toBe('application/pdf');
    expect(claimedTypeOf('photo.JPG', 'application/octet-stream')).toBe('image/jpeg');
    expect(claimedTypeOf('scan', '')).toBeNull();
    expect(claimedTypeOf('page.html', 'text/html')).toBeNull();
  });
});
