#!/usr/bin/env node
// The `capsule` command. Owns argument parsing (commander) and exit codes: 0 ok, 1 guest error, 2 bad usage.

import { Command, CommanderError, InvalidArgumentError } from "commander";
import { runCommand } from "./run-command.js";

const program = new Command()
  .name("capsule")
  .description("Run untrusted JavaScript or TypeScript in a QuickJS sandbox")
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });

const integer = (name: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a non-negative integer`);
  return n;
};

program
  .command("run")
  .description("run a guest program and print its result")
  .argument("<file>", "a .js or .ts file, or - for standard input")
  .option("--json", "print the whole result object as JSON")
  .option("--seed <n>", "seed for Math.random", integer("--seed"))
  .option("--now <iso>", "the guest clock's start, as an ISO 8601 date")
  .option("--timeout <ms>", "wall-clock limit in ms", integer("--timeout"))
  .action(async (file: string, options) => {
    process.exitCode = await runCommand(file, options);
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exitCode = error.exitCode === 0 ? 0 : 2;
  else throw error;
}
