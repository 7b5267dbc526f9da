// defaultPolicy's grants each name one thing: "<module>#<tool>" one tool, "<module>#*" a whole tool module, "ns.fn" a
// host function; a grant in the older dotted forms that names two things in a run (a tool module called like another
// module's tool, a host function called like a tool module) refuses the run before anything is called.
import { describe, expect, it } from "vitest";
import { defaultPolicy, sideEffecting, type ToolBelt } from "../src/index.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
const made: string[] = [];
const tool = (name: string) => ({ description: `${name}.`, inputSchema: { type: "object" as const }, sideEffects: true, handler: () => (made.push(name), name) });
const tools: ToolBelt = {
  "@tools/mail": { send: tool("send"), wipe: tool("wipe") },
  "@tools/mail.send": { wipe: tool("other wipe") },
};
const attempt = (specifier: string, name: string) => `import { ${name} } from "${specifier}"; try { return await ${name}({}) } catch (e) { return e.message.slice(0, 16) }`;

describe("a grant", () => {
  it("of one tool (<module>#<tool>) grants that tool only", async () => {
    const policy = defaultPolicy({ grant: ["@tools/mail#send"] });
    const results = [
      await valueOf(sandbox, { source: attempt("@tools/mail", "send"), tools, policy }),
      await valueOf(sandbox, { source: attempt("@tools/mail", "wipe"), tools, policy }),
      await valueOf(sandbox, { source: attempt("@tools/mail.send", "wipe"), tools, policy }),
    ];
    expect(results).toEqual(["send", "E_POLICY_DENIED:", "E_POLICY_DENIED:"]);
  });

  it("of a whole tool module (<module>#*) grants its tools and no other module's", async () => {
    const policy = defaultPolicy({ grant: ["@tools/mail#*"] });
    expect(await valueOf(sandbox, { source: attempt("@tools/mail", "wipe"), tools, policy })).toBe("wipe");
    expect(await valueOf(sandbox, { source: attempt("@tools/mail.send", "wipe"), tools, policy })).toBe("E_POLICY_DENIED:");
  });

  it("that names a tool and a tool module at once refuses the run before anything is called, saying how to grant one", async () => {
    const before = made.length;
    const error = await errorOf(sandbox, { source: attempt("@tools/mail.send", "wipe"), tools, policy: defaultPolicy({ grant: ["@tools/mail.send"] }) });
    expect(error.code).toBe("E_BAD_REQUEST");
    expect(error.message).toContain(`the grant "@tools/mail.send" names the tool module "@tools/mail.send" and the tool send of "@tools/mail"`);
    expect(error.message).toContain('"<module>#<tool>"');
    expect(made.length).toBe(before);
  });

  it("that names a host function and a tool module (or a tool) at once refuses the run", async () => {
    const hostFunctions = { mail: { send: sideEffecting(() => "host send") } };
    const beside: ToolBelt = { "mail.send": { purge: tool("purge") }, mail: { send: tool("tool send") } };
    const error = await errorOf(sandbox, { source: "return 1", tools: beside, hostFunctions, policy: defaultPolicy({ grant: ["mail.send"] }) });
    expect([error.code, error.message]).toEqual(["E_BAD_REQUEST", expect.stringMatching(/names the host function mail\.send and the tool module "mail\.send" and the tool send of "mail"/)]);
    // Alone, each name is one thing: the host function is granted, not a tool.
    expect(await valueOf(sandbox, { source: "return await mail.send()", hostFunctions, policy: defaultPolicy({ grant: ["mail.send"] }) })).toBe("host send");
  });

  it("in the dotted forms still grants what it alone names", async () => {
    expect(await valueOf(sandbox, { source: attempt("@tools/mail", "send"), tools: { "@tools/mail": tools["@tools/mail"]! }, policy: defaultPolicy({ grant: ["@tools/mail.send"] }) })).toBe("send");
    expect(await valueOf(sandbox, { source: attempt("@tools/mail", "wipe"), tools: { "@tools/mail": tools["@tools/mail"]! }, policy: defaultPolicy({ grant: ["@tools/mail"] }) })).toBe("wipe");
  });

  it("is named in the denial's advice in its one-thing form", async () => {
    const message = await valueOf<string>(sandbox, { source: `import { wipe } from "@tools/mail"; try { await wipe({}) } catch (e) { return e.message }`, tools, policy: defaultPolicy() });
    expect(message).toContain('defaultPolicy({ grant: ["@tools/mail#wipe"] })');
  });
});
