import { type InventoryPageRef, MAX_INVENTORY_PAGES } from '@vendorwatch/contracts';
import type { AssessedPage } from '../input';

/** The pages an inventory entry was seen on: all of them counted, the first MAX_INVENTORY_PAGES kept. */
export class PageSet {
  private readonly urls = new Map<string, string>();

  add(page: AssessedPage): void {
    if (!this.urls.has(page.id)) this.urls.set(page.id, page.url);
  }

  addAll(other: PageSet): void {
    for (const [pageId, url] of other.urls) if (!this.urls.has(pageId)) this.urls.set(pageId, url);
  }

  get first(): InventoryPageRef[] {
    const refs: InventoryPageRef[] = [];
    for (const [pageId, url] of this.urls) {
      if (refs.length === MAX_INVENTORY_PAGES) break;
      refs.push({ pageId, url });
    }
    return refs;
  }

  get total(): number {
    return this.urls.size;
  }
}

/** A version as a library or header gives it, when it reads like one: "1.12.4", "3.0.0-beta1"; anything else is dropped. */
export function cleanVersion(version: string | null | undefined): string | null {
  const trimmed = version?.trim().replace(/^v/i, '');
  return trimmed && /^\d[0-9A-Za-z.+_-]{0,39}$/.test(trimmed) ? trimmed : null;
}
