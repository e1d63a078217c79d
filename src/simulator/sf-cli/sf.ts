// Runs the real Salesforce CLI (installed by `npm run test:sf-cli`, path in SF_CLI_BIN) with a home
// directory of its own, so its org logins, config and logs never touch the machine's, and with
// update checks and telemetry off (the machine reaches no Salesforce server). Asynchronous, because
// the simulator it talks to runs in the same process and must keep serving meanwhile.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const SF_CLI_BIN = process.env.SF_CLI_BIN;

export interface SfResult {
  /** The process exit code (the JSON's `status` for errors). */
  readonly code: number;
  /** The parsed --json output. */
  readonly json: { status: number; result?: unknown; message?: string; name?: string };
  readonly stderr: string;
}

export class SfCli {
  readonly home = mkdtempSync(join(tmpdir(), 'sf-cli-tier-'));

  constructor(private readonly bin: string) {}

  /** Runs `sf <args> --json`; resolves with the parsed JSON whatever the exit code. */
  run(args: readonly string[], env: Record<string, string> = {}): Promise<SfResult> {
    return new Promise((resolve, reject) => {
      execFile(
        this.bin,
        [...args, '--json'],
        {
          cwd: this.home,
          timeout: 120_000,
          maxBuffer: 16 * 1024 * 1024,
          env: {
            // The CLI spawns `sf` itself now and then; find this install, not another.
            PATH: `${dirname(this.bin)}:${process.env.PATH ?? ''}`,
            HOME: this.home,
            SF_DISABLE_TELEMETRY: 'true',
            SF_AUTOUPDATE_DISABLE: 'true',
            // What oclif's update hook itself reads; without it the CLI spawns `sf update
            // --autoupdate` in the background now and then.
            SF_DISABLE_AUTOUPDATE: 'true',
            SF_SKIP_NEW_VERSION_CHECK: 'true',
            SF_HIDE_RELEASE_NOTES: 'true',
            SF_USE_GENERIC_UNIX_KEYCHAIN: 'true',
            ...env,
          },
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          try {
            resolve({ code, json: JSON.parse(stdout) as SfResult['json'], stderr });
          } catch {
            reject(
              new Error(`sf ${args.join(' ')} printed no JSON (exit ${code}): ${stdout}${stderr}`),
            );
          }
        },
      );
    });
  }

  /** Runs a command that must succeed and returns its `result`. */
  async ok<T>(args: readonly string[], env?: Record<string, string>): Promise<T> {
    const out = await this.run(args, env);
    if (out.code !== 0 || out.json.status !== 0) {
      throw new Error(`sf ${args.join(' ')} failed (${out.code}): ${JSON.stringify(out.json)}`);
    }
    return out.json.result as T;
  }

  dispose(): void {
    rmSync(this.home, { recursive: true, force: true });
  }
}
