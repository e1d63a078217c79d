// Tests start the real Salesforce simulator over HTTP, the way Salesforce would be reached.
export { startSimulator } from '../../src/simulator';
export type { RunningSimulator, SimulatorOptions } from '../../src/simulator';
