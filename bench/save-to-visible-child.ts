import { readFileSync } from 'node:fs';
import { measureSaveToVisible, type SaveToVisibleInput } from './save-to-visible';

/** Reads the measurement's input (JSON) from the file named by argv[2]; prints one JSON line of figures. */
const input = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as SaveToVisibleInput;
console.log(JSON.stringify(await measureSaveToVisible(input)));
