// Runs one of the project's Node scripts as a command would be run, and gives back its exit code and output.
import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runScript(script: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  return new Promise<CommandResult>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: options.cwd, env: options.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
