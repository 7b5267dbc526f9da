// The legacy RegExp statics (RegExp.$1-$9, lastMatch, lastParen, leftContext, rightContext, input and their $-aliases):
// a program that reads them gets what Node gives, from test, exec, replace and match alike; a program that does not
// gets no statics (the exec wrapper they need is off); and they do not outlive a run.
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";

const sandbox = createSandbox({ maxWorkers: 1 });
afterAll(() => sandbox.close());

const value = async (source: string) => {
  const r = await sandbox.run(source);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const READ = `[RegExp.$1, RegExp.$2, RegExp.$9, RegExp.lastMatch, RegExp["$&"], RegExp.lastParen, RegExp["$+"], RegExp.leftContext, RegExp["$\`"], RegExp.rightContext, RegExp["$'"], RegExp.input, RegExp.$_]`;

describe("legacy RegExp statics", () => {
  it("are what Node gives after test, exec, replace and match", async () => {
    const cases = [
      `/(\\w+)@(\\w+)/.test("mail bob@example now")`,
      `/(b)(c)?/.exec("abd")`,
      `"x-1 y-2".replace(/(\\w)-(\\d)/g, "$2")`,
      `"key: value".match(/(\\w+): (\\w+)/)`,
    ];
    for (const step of cases) {
      const expected = new Function(`${step}; return ${READ};`)();
      expect(await value(`${step}; return ${READ};`), step).toEqual(expected);
    }
  });

  it("are not there for a program that does not read them, and do not outlive the run that turned them on", async () => {
    expect(await value(`/(a)/.test("a"); return [typeof Object.getOwnPropertyDescriptor(RegExp, "$1"), RegExp.prototype.exec.name];`)).toEqual(["undefined", "exec"]);
    expect(await value(`/(a)/.test("a"); return RegExp.$1;`)).toBe("a");
    expect(await value(`return [Object.getOwnPropertyNames(RegExp).filter((n) => n.startsWith("$")).length, typeof Object.getOwnPropertyDescriptor(RegExp, "lastMatch")];`)).toEqual([0, "undefined"]);
  });
});
