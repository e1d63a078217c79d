// Tests that sign in or connect orgs through the Salesforce simulator need a config whose
// connected app is the simulator's demo client, logging in at the simulator's URL.
import type { RunningSimulator } from '../../../../test/support/salesforce-simulator';
import { loadConfig, type Config } from '../../config';

/** The config read from `env`, with the simulator as the Salesforce login. */
export function simulatorConfig(sim: RunningSimulator, env: Record<string, string> = {}): Config {
  return {
    ...loadConfig(env),
    salesforce: { clientId: 'pushboard-demo', clientSecret: 'demo-secret', loginUrl: sim.url },
  };
}
