import path from 'node:path';
import { Piscina } from 'piscina';
import type { PageBytes, PageReader, ReadBody } from './page-body';

/** A reader thread's young generation (V8's default is 3 × 16 MB semi-spaces at most). */
const READER_YOUNG_GENERATION_MB = 96;
const SOURCES_HOOK = path.join(__dirname, '..', '..', 'testing', 'register-swc.js');

/**
 * Reads page bodies — hash, HTML parse, main text and its masks — on threads of their own, so the
 * crawling thread only moves bytes and rows: a crawl's politeness timers and its database and
 * Redis round trips never wait behind another crawl's page parse, and one process uses more than
 * one core.
 */
export class PageReaderPool implements PageReader {
  private readonly pool: Piscina<PageBytes, ReadBody>;

  constructor(threads: number) {
    // Compiled, the thread runs the .js beside this file; under the tests, the TypeScript sources
    // through the tests' own SWC hook.
    const compiled = __filename.endsWith('.js');
    this.pool = new Piscina({
      filename: path.join(__dirname, `page-reader.thread.${compiled ? 'js' : 'ts'}`),
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      // A body, its parse and its main text are garbage as soon as the page is read: a larger young
      // generation lets them die there instead of being copied and promoted (see SEMI_SPACE_MB).
      resourceLimits: { maxYoungGenerationSizeMb: READER_YOUNG_GENERATION_MB },
      execArgv: compiled ? process.execArgv : [...process.execArgv, '--require', SOURCES_HOOK],
    });
  }

  /**
   * The body's buffer is moved to the thread when the body is all of it; a view into a larger buffer
   * (a small Buffer is a slice of Node's shared pool) is copied, or the rest of that buffer would go too.
   */
  read(page: PageBytes): Promise<ReadBody> {
    const { bytes } = page;
    const ownsBuffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return this.pool.run(page, ownsBuffer ? { transferList: [bytes.buffer as ArrayBuffer] } : {});
  }

  get threads(): number {
    return this.pool.threads.length;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
