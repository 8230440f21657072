// `npm start`: build the web app when it is missing or older than its sources, then run the server
// (tsx, no build step) in the foreground. Signals are forwarded and the server's exit code is ours.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { ROOT, SERVER_ENTRY, npmCommand, signalNumber, webBuildReason } from './lib.mjs';

let current = null; // the child we are waiting for: the web build, then the server

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (current && current.exitCode === null && current.signalCode === null) {
      current.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
    } else {
      process.exit(128 + signalNumber(signal));
    }
  });
}
// If we end for any other reason, do not leave a child running on its own.
process.on('exit', () => {
  if (current && current.exitCode === null && current.signalCode === null) current.kill('SIGTERM');
});

const reason = webBuildReason();
if (reason) {
  console.log(`Building the web app (${reason}) ...`);
  current = spawn(npmCommand(), ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const [code, signal] = await once(current, 'exit');
  if (code !== 0) {
    console.error(`The web app build failed (${signal ?? `exit code ${code}`}).`);
    process.exit(code ?? 128 + signalNumber(signal));
  }
} else {
  console.log('The web app is up to date (packages/web/dist).');
}

// The server gets its own process group, so a Ctrl-C reaches it once (forwarded by us) rather than
// twice (terminal + forward). stdin is ignored because a background group must not read the terminal.
const server = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
  cwd: ROOT,
  env: process.env,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

current = server;
server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(code ?? 128 + signalNumber(signal)));
