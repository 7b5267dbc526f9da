// Text from a pack, a guest or a registry is escaped before it reaches a terminal and cut in messages
// (src/terminal-text.ts): the helper itself, then the CLI's real output paths — a pack whose name and whose guest
// error carry escape sequences (packs compile, packs list, pack check), a 1 MiB import specifier (run), and guest
// output, which is data when piped and escaped on a terminal.

import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { forStream, shown, shownMessage } from "../src/terminal-text.js";
import { CLI, capsule, tempDir, tempHome, spawnAsync } from "./helpers.js";

const ESC = "\u001b";
const hasScript = spawnSync("script", ["--version"], {}).status === 0;

describe("the helper", () => {
  it("escapes ANSI/OSC sequences, C1 controls, bidi overrides and (on one line) newlines", async () => {
    expect(shown(`${ESC}[31mred${ESC}[0m`)).toBe("\\x1b[31mred\\x1b[0m");
    expect(shown(`${ESC}]0;title\u0007`)).toBe("\\x1b]0;title\\x07");
    expect(shown("\u009b2J")).toBe("\\x9b2J");
    expect(shown("abc\u202edcba")).toBe("abc\\u{202e}dcba");
    expect(shown("a\nb\rc")).toBe("a\\x0ab\\x0dc");
    expect(shownMessage(`line one\nline ${ESC}[2Ktwo`)).toBe("line one\nline \\x1b[2Ktwo");
  });

  it("cuts a long piece, counting what it left out, without splitting a surrogate pair", async () => {
    const long = "a".repeat(1 << 20);
    expect(shown(long)).toBe(`${"a".repeat(200)}… (${(1 << 20) - 200} more characters)`);
    expect(shown(`${"a".repeat(199)}😀tail`)).toBe(`${"a".repeat(199)}… (6 more characters)`);
    expect(shownMessage(long).length).toBeLessThan(2_100);
  });

  it("guest output is escaped only for a terminal", async () => {
    expect(forStream(`${ESC}[1mbold`, { isTTY: true } as NodeJS.WriteStream)).toBe("\\x1b[1mbold");
    expect(forStream(`${ESC}[1mbold`, { isTTY: false } as NodeJS.WriteStream)).toBe(`${ESC}[1mbold`);
  });
});

describe("the CLI's output", () => {
  const root = tempDir("capsule-escape-");
  const named = join(root, "named");
  mkdirSync(named, { recursive: true });
  writeFileSync(join(named, "package.json"), JSON.stringify({ name: `@acme/${ESC}[31mred`, version: "1.0.0", capsule: { modules: { ".": { kind: "guest", source: "index.js" } } } }));
  writeFileSync(join(named, "index.js"), "export const x = 1;");
  const loud = join(root, "loud");
  mkdirSync(loud, { recursive: true });
  writeFileSync(join(loud, "package.json"), JSON.stringify({ name: "@acme/loud", version: "1.0.0", capsule: { modules: { ".": { kind: "guest", source: "index.js" } } } }));
  writeFileSync(join(loud, "index.js"), `throw new Error(${JSON.stringify(`${ESC}]0;pwned\u0007${ESC}[2J gone`)});`);

  it("packs compile, packs list and pack check print no raw escape from a pack's name or its guest's error", async () => {
    const home = tempHome();
    const compiled = await capsule(["packs", "compile", "--home", home, "--packs", root]);
    expect(compiled.stdout).toContain("@acme/loud");
    expect(compiled.stdout).toContain("\\x1b]0;pwned");
    expect(compiled.stdout).toContain("\\x1b[31mred");
    expect(compiled.stdout + compiled.stderr).not.toContain(ESC);
    const listed = await capsule(["packs", "list", "--home", home, "--packs", root]);
    expect(listed.stdout).toContain("@acme/loud");
    expect(listed.stdout + listed.stderr).not.toContain(ESC);
    for (const dir of [named, loud]) {
      const checked = await capsule(["pack", "check", dir, "--home", home]);
      expect(checked.status).toBe(1);
      expect(checked.stdout + checked.stderr).not.toContain(ESC);
    }
  }, 240_000);

  it("run cuts a 1 MiB import specifier in what it prints", async () => {
    const home = tempHome();
    const specifier = `@acme/${"x".repeat(1 << 20)}`;
    const out = await capsule(["run", "-", "--value", "--home", home], { input: `import v from "${specifier}"; return v` });
    expect(out.status).toBe(1);
    expect(out.stderr).toContain("E_IMPORT_UNRESOLVED");
    expect(out.stderr).toMatch(/more characters|…/);
    expect(out.stderr.length).toBeLessThan(8_000);
  }, 240_000);

  it("a guest's output is data when piped, and escaped on a terminal", async () => {
    const program = `console.log(${JSON.stringify(`${ESC}[31mlog`)}); return ${JSON.stringify(`${ESC}]0;value\u0007`)}`;
    const piped = await capsule(["run", "-", "--value"], { input: program });
    expect(piped.stdout).toBe(`${ESC}[31mlog\n${ESC}]0;value\u0007\n`);
    if (!hasScript) return;
    const file = join(root, "guest.js");
    writeFileSync(file, program);
    const tty = await spawnAsync("script", ["-qc", `${process.execPath} ${CLI} run ${file} --value`, "/dev/null"], { env: { ...process.env, CAPSULE_PACK_PATH: "" } });
    expect(tty.stdout).toContain("\\x1b[31mlog");
    expect(tty.stdout).toContain("\\x1b]0;value\\x07");
    expect(tty.stdout).not.toContain(`${ESC}]0;`);
    const observed = await spawnAsync("script", ["-qc", `${process.execPath} ${CLI} run ${file}`, "/dev/null"], { env: { ...process.env, CAPSULE_PACK_PATH: "" } });
    expect(observed.stdout).toContain("value:");
    expect(observed.stdout).not.toContain(`${ESC}]0;`);
    expect(observed.stdout).not.toContain(`${ESC}[31mlog`);
  }, 240_000);
});
