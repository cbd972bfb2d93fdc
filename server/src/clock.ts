/** The time source of everything with a deadline (OTP codes, tokens), replaceable in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
