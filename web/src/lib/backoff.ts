// Reconnect delays: exponential growth with jitter, capped, reset once a connection
// has served a state again.

export interface BackoffOptions {
  /** First delay in milliseconds. */
  base?: number;
  /** Largest delay in milliseconds. */
  max?: number;
  /** Growth per attempt. */
  factor?: number;
  /** Fraction of each delay drawn at random (0: none, 0.5: 50%-100% of it). */
  jitter?: number;
  random?: () => number;
}

export class Backoff {
  private attempt = 0;
  private readonly base: number;
  private readonly max: number;
  private readonly factor: number;
  private readonly jitter: number;
  private readonly random: () => number;

  constructor(options: BackoffOptions = {}) {
    this.base = options.base ?? 500;
    this.max = options.max ?? 15_000;
    this.factor = options.factor ?? 2;
    this.jitter = options.jitter ?? 0.5;
    this.random = options.random ?? Math.random;
  }

  /** Attempts made since the last reset. */
  get attempts(): number {
    return this.attempt;
  }

  /** The delay before the next attempt (and count that attempt). */
  next(): number {
    const raw = Math.min(this.max, this.base * this.factor ** this.attempt);
    this.attempt += 1;
    return Math.round(raw * (1 - this.jitter + this.jitter * this.random()));
  }

  reset(): void {
    this.attempt = 0;
  }
}
