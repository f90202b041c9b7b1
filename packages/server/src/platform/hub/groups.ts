import type { Connection } from './connection.js';
import { textFrame } from './frames.js';
import { format } from './protocol.js';

interface FanOut {
  group: string;
  /** the group's membership version when the send was called */
  version: number;
  frame: Buffer;
  /** the members when the send was called, in join order */
  members: Connection[];
  /** members[next, end) are still to be written */
  next: number;
  end: number;
}

/**
 * Group membership of this instance's connections and the fan-out to a group. A message to a group
 * is serialised and framed once per event; each member then costs one socket write of the shared
 * frame.
 */
export class HubGroups {
  private readonly members = new Map<string, Set<Connection>>();
  /** a new number on every join and leave (never reused): a fan-out still has the group's members */
  private readonly versions = new Map<string, number>();
  private lastVersion = 0;
  private readonly queue: FanOut[] = [];
  private draining = false;

  /** `chunk`: members written per turn of the event loop */
  constructor(private readonly chunk: number) {}

  join(conn: Connection, group: string) {
    if (conn.closed || conn.groups.has(group)) return;
    conn.groups.add(group);
    this.bump(group);
    let set = this.members.get(group);
    if (!set) this.members.set(group, (set = new Set()));
    set.add(conn);
  }

  leave(conn: Connection, group: string) {
    conn.groups.delete(group);
    const set = this.members.get(group);
    if (!set) return;
    set.delete(conn);
    this.bump(group);
    if (set.size === 0) {
      this.members.delete(group);
      this.versions.delete(group);
    }
  }

  private bump(group: string) {
    this.versions.set(group, ++this.lastVersion);
  }

  /** removes a connection from every group it is in */
  leaveAll(conn: Connection) {
    for (const g of [...conn.groups]) this.leave(conn, g);
  }

  has(group: string) {
    return this.members.has(group);
  }

  names(): IterableIterator<string> {
    return this.members.keys();
  }

  /**
   * Sends to this instance's members of a group; returns how many. Serialised and framed once; the
   * first `chunk` members are written at once, larger groups in further chunks between which
   * the event loop runs (database answers, HTTP requests, pings), so that a fan-out to thousands
   * does not hold up the work that produces the next message. Sends go out in the order called
   * (one queue), and a member that left the group before its turn is skipped.
   *
   * A second message to the group of the fan-out in progress (the only one queued, same members)
   * rides along with it: the members not yet written get both frames in one write, the others the
   * new frame afterwards. Each member still receives the messages in the order sent, and one write
   * per member is saved (an ingest sends `MeasurementsLiveFeed` and `NewOccupancy` to the same
   * screens within milliseconds).
   */
  send(group: string, target: string, args: unknown[]): number {
    const set = this.members.get(group);
    if (!set) return 0;
    const frame = textFrame(Buffer.from(format.invocation(target, args), 'utf8'));
    const version = this.versions.get(group) ?? 0;
    const current = this.queue.length === 1 ? this.queue[0]! : null;
    if (
      current &&
      current.group === group &&
      current.version === version &&
      current.end === current.members.length &&
      current.next < current.end
    ) {
      if (current.next > 0)
        this.queue.push({ group, version, frame, members: current.members, next: 0, end: current.next });
      current.frame = Buffer.concat([current.frame, frame]);
      return current.members.length;
    }
    const members: Connection[] = [];
    for (const conn of set) if (conn.handshaken) members.push(conn);
    this.queue.push({ group, version, frame, members, next: 0, end: members.length });
    if (!this.draining) this.drain();
    return members.length;
  }

  private drain() {
    let budget = this.chunk;
    const now = Date.now();
    while (this.queue.length > 0 && budget > 0) {
      const job = this.queue[0]!;
      while (job.next < job.end && budget > 0) {
        const conn = job.members[job.next++]!;
        budget--;
        if (conn.groups.has(job.group)) conn.sendFrame(job.frame, now);
      }
      if (job.next >= job.end) this.queue.shift();
    }
    this.draining = this.queue.length > 0;
    if (this.draining) setImmediate(() => this.drain());
  }
}
