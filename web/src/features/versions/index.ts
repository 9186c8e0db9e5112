// What other features use of version viewing (pages are routes of their own, loaded by the router).
export { ComparePicker } from './components/ComparePicker';
export { LineSummary, versionHeading } from './components/LineSummary';
