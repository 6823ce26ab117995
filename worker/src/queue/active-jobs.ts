import { Injectable } from '@nestjs/common';

/** The jobs this process is working on right now (for the heartbeat). */
@Injectable()
export class ActiveJobs {
  private readonly ids = new Set<string>();

  add(id: string): void {
    this.ids.add(id);
  }

  delete(id: string): void {
    this.ids.delete(id);
  }

  get count(): number {
    return this.ids.size;
  }

  /** Jobs of one kind (ids are `${kind}:${id}`). */
  countOf(kind: string): number {
    let count = 0;
    for (const id of this.ids) if (id.startsWith(`${kind}:`)) count++;
    return count;
  }
}
