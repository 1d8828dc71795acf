// For tests and embedding: the command line as a function, and its exit codes.
export { EXIT } from './errors.js';
export { HELP, main, VERSION } from './main.js';
