// Owns generic walking of an acorn ESTree: child enumeration, a parent map, and the structural node type
// the scan works with. Refuses nothing; it only makes the tree navigable upward.

export interface AstNode {
  type: string;
  start: number;
  end: number;
  loc?: { start: { line: number; column: number } };
  [key: string]: unknown;
}

function isNode(v: unknown): v is AstNode {
  return v !== null && typeof v === "object" && typeof (v as { type?: unknown }).type === "string";
}

const SKIP = new Set(["loc", "range", "start", "end", "type"]);

export function children(node: AstNode): AstNode[] {
  const out: AstNode[] = [];
  for (const key of Object.keys(node)) {
    if (SKIP.has(key)) continue;
    const v = node[key];
    if (Array.isArray(v)) {
      for (const c of v) if (isNode(c)) out.push(c);
    } else if (isNode(v)) {
      out.push(v);
    }
  }
  return out;
}

/** Visits every node depth-first (iteratively, so deep minified trees cannot overflow the stack). */
export function walk(root: AstNode, visit: (node: AstNode, parent: AstNode | undefined) => void): void {
  const stack: Array<[AstNode, AstNode | undefined]> = [[root, undefined]];
  while (stack.length) {
    const [node, parent] = stack.pop()!;
    visit(node, parent);
    const kids = children(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, node]);
  }
}

export function parentMap(root: AstNode): Map<AstNode, AstNode> {
  const parents = new Map<AstNode, AstNode>();
  walk(root, (node, parent) => {
    if (parent) parents.set(node, parent);
  });
  return parents;
}

export function isIdentifier(n: unknown, name?: string): n is AstNode & { name: string } {
  return isNode(n) && n.type === "Identifier" && (name === undefined || (n as { name?: unknown }).name === name);
}

/** Static property name of a member expression (`a.b`, `a["b"]`, a[`b`]), or undefined when computed. */
export function staticPropertyName(member: AstNode): string | undefined {
  const prop = member.property as AstNode;
  if (!member.computed) return isIdentifier(prop) ? prop.name : undefined;
  if (prop.type === "Literal" && typeof prop.value === "string") return prop.value;
  if (prop.type === "TemplateLiteral" && (prop.expressions as unknown[]).length === 0) {
    const q = (prop.quasis as Array<{ value: { cooked: string | null } }>)[0];
    return q?.value.cooked ?? undefined;
  }
  return undefined;
}
