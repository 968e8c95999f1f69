import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { restrictDataDir } from './data-dir';
import { parseEnv, type Env } from './env';

/** Configuration resolved from the environment once at boot; services receive it, never read env. */
export interface AppConfig {
  env: Env;
  dataDir: string;
  jwtSecret: Uint8Array;
  /** Address of the dashboard as users reach it; used for links in e-mails. */
  publicUrl: string;
}

/** Reads the secret from JWT_SECRET, or from DATA_DIR where a generated one is kept across restarts. */
function resolveJwtSecret(env: Env, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** Builds the configuration from parsed environment values. */
export function resolveConfig(env: Env): AppConfig {
  const dataDir = resolve(env.DATA_DIR);
  restrictDataDir(dataDir);
  const publicUrl = env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`;
  return { env, dataDir, jwtSecret: resolveJwtSecret(env, dataDir), publicUrl: publicUrl.replace(/\/$/, '') };
}

/** Parses process.env; prints every problem and exits non-zero when the configuration is wrong. */
export function loadConfigOrExit(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = parseEnv(source);
  if (!parsed.ok) {
    process.stderr.write(
      `Bhasha cannot start: the configuration has ${parsed.problems.length} problem(s):\n`,
    );
    for (const problem of parsed.problems) process.stderr.write(`  - ${problem}\n`);
    process.exit(1);
  }
  return resolveConfig(parsed.env);
}
