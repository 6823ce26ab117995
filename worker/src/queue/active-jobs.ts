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
}
