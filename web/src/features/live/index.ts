/** What other features use of the live updates (bulletproof-react: features import each other through an index). */
export { ChangedElsewhere } from './ChangedElsewhere';
export { LiveUpdates, useLiveStore } from './live-updates';
