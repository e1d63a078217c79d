// What other features may use of the org groups feature; everything else in this folder is
// internal (eslint.config.js enforces it). The Orgs screens add orgs to a group and import orgs
// through this feature's own modals.
export { ImportOrgsModal } from './changes/ImportOrgsModal';
export { SelectGroupModal } from './changes/SelectGroupModal';
