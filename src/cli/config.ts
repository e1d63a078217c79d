// Where the CLI keeps the console's address and the token: PUSHBOARD_URL and PUSHBOARD_TOKEN
// when set, else the file `pushboard login` wrote (PUSHBOARD_CONFIG, or ~/.config/pushboard/
// config.json), readable by its owner only.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface CliConfig {
  url: string;
  token: string;
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.PUSHBOARD_CONFIG ?? join(homedir(), '.config', 'pushboard', 'config.json');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): CliConfig | undefined {
  const path = configPath(env);
  const stored = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Partial<CliConfig>)
    : {};
  const url = env.PUSHBOARD_URL ?? stored.url;
  const token = env.PUSHBOARD_TOKEN ?? stored.token;
  return url && token ? { url, token } : undefined;
}

export function writeConfig(config: CliConfig, env: NodeJS.ProcessEnv = process.env): string {
  const path = configPath(env);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return path;
}
