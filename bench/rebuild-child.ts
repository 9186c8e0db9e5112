import { measureRebuild } from './rebuild';

/** Prints one JSON line: the rebuild measurement over argv[2] events. */
console.log(JSON.stringify(await measureRebuild(Number(process.argv[2] ?? 100_000))));
