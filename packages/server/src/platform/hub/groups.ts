import type { Connection } from './connection.js';
import { textFrame } from './frames.js';
import { format } from './protocol.js';

/**
 * Group membership of this instance's connections and the fan-out to a group. A message to a group
 * is serialised and framed once per event; each member then costs a lookup-free walk of the set
 * and one socket write of the shared frame.
 */
export class HubGroups {
  private readonly members = new Map<string, Set<Connection>>();

  join(conn: Connection, group: string) {
    if (conn.closed || conn.groups.has(group)) return;
    conn.groups.add(group);
    let set = this.members.get(group);
    if (!set) this.members.set(group, (set = new Set()));
    set.add(conn);
  }

  leave(conn: Connection, group: string) {
    conn.groups.delete(group);
    const set = this.members.get(group);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.members.delete(group);
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

  /** Sends to this instance's members of a group. Returns how many were sent to. */
  send(group: string, target: string, args: unknown[]): number {
    const set = this.members.get(group);
    if (!set) return 0;
    const frame = textFrame(Buffer.from(format.invocation(target, args), 'utf8'));
    const now = Date.now();
    let n = 0;
    // a member cut off during the walk (it stopped reading) leaves the set, which a Set allows
    for (const conn of set) {
      if (!conn.handshaken) continue;
      conn.sendFrame(frame, now);
      n++;
    }
    return n;
  }
}
