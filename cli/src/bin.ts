// The `pressroom` executable: runs one command line and exits with its code (cli/README.md, "Exit codes").
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
