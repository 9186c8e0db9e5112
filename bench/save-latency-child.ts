import { readFileSync } from 'node:fs';
import { measureSaveLatency, type SaveLatencyInput } from './save-latency';

/** Reads the measurement's input (JSON) from the file named by argv[2]; prints one JSON line of figures. */
const input = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as SaveLatencyInput;
console.log(JSON.stringify(await measureSaveLatency(input)));
