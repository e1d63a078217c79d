// Tests start the real Salesforce simulator over HTTP, the way Salesforce would be reached.
export { startSimulator } from '../../src/simulator';
export type { RunningSimulator, SimulatorOptions } from '../../src/simulator';
export type { FaultRates } from '../../src/simulator';
// Tests that check which faults were injected watch the injector's decisions.
export { FaultInjector, type FaultAction, type FaultCounts } from '../../src/simulator/faults';
// Tests that check a push request was activated once watch the push engine's activations.
export { PushEngine } from '../../src/simulator/push/engine';
