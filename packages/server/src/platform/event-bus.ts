import { EventEmitter } from 'node:events';

/**
 * Domain events inside one process. The live hub listens here; with REDIS_URL the hub's backplane
 * carries them to the other instances.
 */
export interface DomainEvents {
  occupancyChanged: { nodeId: string; occupancyId: string; value: number; occurredOn: string };
  measurementsIngested: { timeSeriesIds: string[]; nodeIds: string[] };
  liveViewSettingsChanged: {
    liveViewId: string;
    /** the live view's node: the hub tells this node's subscribers */
    nodeId: string;
    occupancyId: string;
    warningThreshold: number;
    alertThreshold: number;
  };
  userAccessChanged: { userId: string };
  /** a live view's public link was replaced or deleted: screens opened with the old one must close */
  liveViewShareRevoked: { liveViewId: string };
}

export class EventBus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }
  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
