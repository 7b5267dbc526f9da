// The Quickstart's example guest: TypeScript run in the sandbox, using a shipped guest pack (@capsule/yaml, which
// runs inside QuickJS) and a host pack (@capsule/csv, papaparse on the host behind a facade), with a pinned clock
// and seed so its output is the same every time.
import yaml from "@capsule/yaml";
import { stringify } from "@capsule/csv";

interface Order { id: number; item: string; qty: number; price: number }

const orders = yaml.load(`
- { id: 1, item: tea, qty: 3, price: 4.5 }
- { id: 2, item: cake, qty: 1, price: 12 }
- { id: 3, item: tea, qty: 2, price: 4.5 }
`) as Order[];

const totals = new Map<string, number>();
for (const o of orders) totals.set(o.item, (totals.get(o.item) ?? 0) + o.qty * o.price);

console.log(`processed ${orders.length} orders`);
return {
  totals: Object.fromEntries(totals),
  grandTotal: [...totals.values()].reduce((a, b) => a + b, 0),
  luckyOrder: orders[Math.floor(Math.random() * orders.length)].id,
  at: new Date().toISOString(),
  report: yaml.dump({ totals: Object.fromEntries(totals) }),
  csv: await stringify([...totals].map(([item, total]) => ({ item, total })), { escapeFormulae: true }),
};
