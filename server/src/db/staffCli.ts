/**
 * npm run staff:create -- --email ada@shop.ng [--role owner|staff] [--first-name Ada --last-name Obi --mobile 0803...]
 *
 * Makes a staff (or owner) account in the database the server uses (DATA_DIR or
 * DATABASE_URL). An existing account is given the role, turned back on if the owner had
 * turned it off, and keeps its password. A new one needs a name and a mobile
 * number, and takes its password from STAFF_PASSWORD, or one is generated and printed once.
 * The embedded database allows one process at a time: stop the server first.
 */
import { randomBytes } from 'node:crypto';
import {
  EMAIL_PATTERN,
  MIN_PASSWORD_LENGTH,
  NIGERIAN_MOBILE_PATTERN,
} from '../../../contract/rules';
import { createPasswordHasher } from '../auth/passwords';
import { ConfigError, loadConfig } from '../config';
import { migrate } from './migrate';
import { openDatabase } from './open';
import { createOrPromoteStaff } from './staff';

const USAGE = `Usage: npm run staff:create -- --email EMAIL [--role owner|staff] [--first-name NAME --last-name NAME --mobile NUMBER]

  --email        the member's email (an existing account is given the role)
  --role         owner (everything) or staff (orders and stock); staff when not given
  --first-name   for a new account
  --last-name    for a new account
  --mobile       for a new account, a Nigerian mobile number (08031234567)

A new account's password is STAFF_PASSWORD when set (at least ${MIN_PASSWORD_LENGTH} characters),
else a generated one, printed once.`;

function parseStaffArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const known = ['email', 'role', 'first-name', 'last-name', 'mobile'];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') throw new Error(USAGE);
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m || !known.includes(m[1] as string))
      throw new Error(`Unknown argument "${arg}"\n\n${USAGE}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined || value.trim() === '') throw new Error(`--${m[1]} needs a value`);
    out[m[1] as string] = value.trim();
  }
  if (!out.email) throw new Error(`--email is required\n\n${USAGE}`);
  out.email = out.email.toLowerCase();
  if (!new RegExp(EMAIL_PATTERN).test(out.email))
    throw new Error(`"${out.email}" is not an email address`);
  if (!('role' in out)) out.role = 'staff';
  if (out.role !== 'owner' && out.role !== 'staff') {
    throw new Error(`--role is owner or staff, not "${out.role}"`);
  }
  if (out.mobile !== undefined && !new RegExp(NIGERIAN_MOBILE_PATTERN).test(out.mobile)) {
    throw new Error(`"${out.mobile}" is not a Nigerian mobile number such as 08031234567`);
  }
  return out;
}

async function main(): Promise<void> {
  const args = parseStaffArgs(process.argv.slice(2));
  const config = loadConfig(process.env);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const existing = await db.query('SELECT 1 FROM users WHERE email = $1', [args.email]);
    let password: string | null = null;
    if (existing.length === 0) {
      if (!args['first-name'] || !args['last-name'] || !args.mobile) {
        throw new Error(
          `No account has ${args.email}: a new one needs --first-name, --last-name and --mobile`,
        );
      }
      password = process.env.STAFF_PASSWORD ?? randomBytes(12).toString('base64url');
      if (password.length < MIN_PASSWORD_LENGTH) {
        throw new Error(`STAFF_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters`);
      }
    }
    const passwordHash = password ? await createPasswordHasher(config.argon2).hash(password) : '';
    const result = await createOrPromoteStaff(db, {
      email: args.email as string,
      firstName: args['first-name'] ?? '',
      lastName: args['last-name'] ?? '',
      mobileNumber: args.mobile ?? '',
      passwordHash,
      role: args.role as 'owner' | 'staff',
    });
    if (result.created) {
      console.info(`${args.role === 'owner' ? 'Owner' : 'Staff'} account ${args.email} created.`);
      if (!process.env.STAFF_PASSWORD) console.info(`Its password (shown once): ${password}`);
    } else {
      console.info(`${args.email} is now ${args.role}; its password is unchanged.`);
    }
  } finally {
    await db.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : (error as Error).message);
    process.exit(1);
  },
);
