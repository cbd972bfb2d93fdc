import argon2, { type HashOptions } from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** True when a stored hash was made with other parameters than today's. */
  needsRehash(hash: string): boolean;
  /** Spends the time of one verification, so unknown emails answer as slowly as known ones. */
  burn(password: string): Promise<void>;
}

export function createPasswordHasher(options: {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}): PasswordHasher {
  const params: HashOptions = { type: argon2.argon2id, ...options };
  let dummy: Promise<string> | null = null;
  const verify = async (hash: string, password: string) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A malformed stored hash is a failed login, not a crash.
      return false;
    }
  };
  return {
    hash: (password) => argon2.hash(password, params),
    verify,
    needsRehash: (hash) => {
      try {
        return argon2.needsRehash(hash, options);
      } catch {
        return true;
      }
    },
    async burn(password) {
      dummy ??= argon2.hash('not-a-real-password', params);
      await verify(await dummy, password);
    },
  };
}
