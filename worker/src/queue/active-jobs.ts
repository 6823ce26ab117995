import { Injectable } from '@nestjs/common';

/** The jobs this process is working on right now (for the heartbeat). */
@Injectable()
export class ActiveJobs {
  private readonly ids = new Set<string>();
  /** Per kind, kept as ids come and go: read for every crawled page. */
  private readonly kinds = new Map<string, number>();

  add(id: string): void {
    if (this.ids.has(id)) return;
    this.ids.add(id);
    this.kinds.set(kindOf(id), this.countOf(kindOf(id)) + 1);
  }

  delete(id: string): void {
    if (!this.ids.delete(id)) return;
    this.kinds.set(kindOf(id), this.countOf(kindOf(id)) - 1);
  }

  get count(): number {
    return this.ids.size;
  }

  /** Jobs of one kind (ids are `${kind}:${id}`). */
  countOf(kind: string): number {
    return this.kinds.get(kind) ?? 0;
  }
}

const kindOf = (id: string) => id.slice(0, Math.max(0, id.indexOf(':')));
