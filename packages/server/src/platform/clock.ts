/** The clock is injected so tests move time instead of sleeping. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  constructor(private current: Date = new Date()) {}
  now() {
    return new Date(this.current);
  }
  set(d: Date | string) {
    this.current = new Date(d);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
