import {
  libraryDetectorIn,
  libraryGlobalNames,
  MAX_PAGE_LIBRARIES,
  type MirroredValue,
  type PageLibrary,
} from '@vendorwatch/compliance';
import { Logger } from '@nestjs/common';
import type { CDPSession, Page, Protocol } from 'puppeteer';
import { errorMessage } from '../../primitives/errors';

/**
 * The whole read of one page's library globals, on our side: past it the page has none. It is there for a
 * page whose thread never answers, so it is far above what a loaded worker takes: the read is about 0.1 s
 * alone and reached 2.5 s with four browser test files on two cores, and at 3 s a CI run lost a page's
 * Handlebars (a vulnerable library reported as none).
 */
export const LIBRARY_READ_TIMEOUT_MS = 10_000;
/** How deep below a global its properties are read (`angular.version.full` is two below `angular`). */
const MAX_DEPTH = 3;
/** Objects whose properties are read per page, and properties kept of each. */
const MAX_OBJECTS_READ = 40;
const MAX_PROPERTIES = 200;
const MAX_STRING = 200;
const OBJECT_GROUP = 'vendorwatch-library-globals';
const WORLD_NAME = 'vendorwatch-library-detector';

const sessions = new WeakMap<Page, Promise<CDPSession>>();
const logger = new Logger('LibraryGlobals');

/** One DevTools session per tab, kept while the tab lives (a crawl's tab reads many pages); one that failed is not. */
function sessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    sessions.set(page, (session = page.createCDPSession()));
    session.catch(() => sessions.delete(page));
  }
  return session;
}

/** Why a page's library globals were not read. */
class Unread {
  constructor(readonly reason: string) {}
}

/**
 * The libraries a rendered page exposes through their own globals (`jQuery.fn.jquery` and the like), read
 * so the page can neither stall nor rewrite the reading:
 * - its globals are read as data through the DevTools protocol: the window's own data properties that the
 *   detector names are gathered in V8's side-effect-free mode, with a time limit (or, when the page will not
 *   let that run, picked from the inspector's listing of the window), and below them the inspector lists
 *   their own properties, which runs no page code (no getter, no proxy trap; a global behind a getter is not
 *   read); strings are cut short, depth and count bounded;
 * - js-library-detector's tests then run in an isolated world of the page (see libraryDetectorIn), with
 *   their own built-ins (`Promise.race`, `setTimeout` …) over that data and the page's DOM;
 * - the whole read has LIBRARY_READ_TIMEOUT_MS on this side: a page whose thread never answers has none.
 * What the page answers is still the page's word, like a banner: only short strings are kept, and a version
 * that does not read like one is dropped later.
 */
export async function readLibraryGlobals(page: Page): Promise<PageLibrary[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Unread>(
    (resolve) =>
      (timer = setTimeout(
        () => resolve(new Unread(`no answer within ${LIBRARY_READ_TIMEOUT_MS / 1000} s`)),
        LIBRARY_READ_TIMEOUT_MS,
      )),
  );
  try {
    const found = await Promise.race([detect(page).catch((error: unknown) => new Unread(errorMessage(error))), late]);
    // Said, not hidden: the page is then stored with no library found, as a page without any would be.
    if (found instanceof Unread) {
      if (!page.isClosed()) logger.warn(`Library globals of ${page.url()} not read: ${found.reason}`);
      return [];
    }
    return librariesOf(found);
  } finally {
    clearTimeout(timer);
  }
}

async function detect(page: Page): Promise<unknown> {
  const session = await sessionOf(page);
  try {
    const globals = await mirrorGlobals(session);
    const { frameTree } = await session.send('Page.getFrameTree');
    const { executionContextId } = await session.send('Page.createIsolatedWorld', {
      frameId: frameTree.frame.id,
      worldName: WORLD_NAME,
    });
    const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
      expression: libraryDetectorIn(globals),
      contextId: executionContextId,
      awaitPromise: true,
      returnByValue: true,
      silent: true,
    });
    return exceptionDetails ? [] : (result.value as unknown);
  } finally {
    await session.send('Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP }).catch(() => undefined);
  }
}

/**
 * The page's globals the detector reads, as data (MirroredValue): those of the window's own properties that
 * hold a value (an accessor is not called: a global behind a getter is not read), and below them what the
 * inspector lists of their own properties, which runs no page code.
 */
async function mirrorGlobals(session: CDPSession): Promise<Record<string, MirroredValue>> {
  const { globals, properties } = libraryGlobalNames();
  const gathered = await gatherGlobals(session);
  // Else the window itself, of whose properties those named are kept: `this` at a script's top level is the
  // page's window, and naming it runs nothing of the page's.
  const top =
    gathered ??
    (await session.send('Runtime.evaluate', { expression: 'this', objectGroup: OBJECT_GROUP, silent: true })).result.objectId;
  if (!top) return {};

  let reads = 0;
  const propertiesOf = async (objectId: string, depth: number, follow: Set<string> | null) => {
    const mirrored: Record<string, MirroredValue> = {};
    if (reads++ >= MAX_OBJECTS_READ) return mirrored;
    const { result: own } = await session.send('Runtime.getProperties', {
      objectId,
      ownProperties: true,
      generatePreview: false,
    });
    const kept = own.filter((property) => property.value && (!follow || follow.has(property.name))).slice(0, MAX_PROPERTIES);
    const values = await Promise.all(kept.map((property) => mirror(property.value!, depth)));
    kept.forEach((property, i) => {
      if (values[i] !== undefined) mirrored[property.name] = values[i];
    });
    return mirrored;
  };
  const mirror = async (value: Protocol.Runtime.RemoteObject, depth: number): Promise<MirroredValue | undefined> => {
    switch (value.type) {
      case 'string':
        return String(value.value).slice(0, MAX_STRING);
      case 'number':
        return typeof value.value === 'number' ? value.value : null;
      case 'boolean':
        return value.value === true;
      case 'object':
      case 'function': {
        if (value.subtype === 'null') return null;
        const p = value.objectId && depth < MAX_DEPTH ? await propertiesOf(value.objectId, depth + 1, properties) : {};
        return value.type === 'function' ? { f: true, p } : { p };
      }
      default:
        return undefined;
    }
  };
  reads--; // the window, or the globals gathered from it, is not one of the objects counted
  return propertiesOf(top, -1, gathered ? null : new Set(globals));
}

/** How long gathering the globals may run in the page (it takes about 10 ms) before the listing is used instead. */
const GATHER_TIMEOUT_MS = 1000;
let gatherSource: string | null = null;

/**
 * The window's own properties that hold a value, of those the detector names, gathered in the page into one object (its
 * inspector id), or null when the page would not let that run. One short call where the inspector's listing
 * of the window is about a thousand properties (some 230 KB a page, 50 ms of the renderer's time). It runs
 * in V8's side-effect-free mode with a time limit: a descriptor is read, no getter called; a page that
 * replaced Object.getOwnPropertyDescriptor with code that writes or never ends is listed instead (null).
 * One that replaced it with code that answers made-up globals could as well have declared them.
 */
async function gatherGlobals(session: CDPSession): Promise<string | null> {
  gatherSource ??= `(function (window, names) {
  var own = {};
  for (var i = 0; i < names.length; i++) {
    var descriptor = Object.getOwnPropertyDescriptor(window, names[i]);
    if (descriptor !== undefined && 'value' in descriptor) own[names[i]] = descriptor.value;
  }
  return own;
})(this, ${JSON.stringify(libraryGlobalNames().globals)})`;
  try {
    const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
      expression: gatherSource,
      objectGroup: OBJECT_GROUP,
      silent: true,
      throwOnSideEffect: true,
      timeout: GATHER_TIMEOUT_MS,
    });
    return !exceptionDetails && result.objectId ? result.objectId : null;
  } catch {
    return null; // "Execution was terminated": the time limit
  }
}

/** What the detector answered, as short strings; anything else reads as nothing found. */
function librariesOf(found: unknown): PageLibrary[] {
  if (!Array.isArray(found)) return [];
  return found.slice(0, MAX_PAGE_LIBRARIES).flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { name, version, npm } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !name) return [];
    return [
      {
        name: name.slice(0, 100),
        version: typeof version === 'string' && version ? version.slice(0, 40) : null,
        npm: typeof npm === 'string' && npm ? npm.slice(0, 100) : null,
      },
    ];
  });
}
