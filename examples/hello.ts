// The Quickstart's example guest: TypeScript, run inside the sandbox with a pinned clock and seed.
interface Order { id: number; item: string; qty: number; price: number }

const orders: Order[] = [
  { id: 1, item: "tea", qty: 3, price: 4.5 },
  { id: 2, item: "cake", qty: 1, price: 12 },
  { id: 3, item: "tea", qty: 2, price: 4.5 },
];

const totals = new Map<string, number>();
for (const o of orders) totals.set(o.item, (totals.get(o.item) ?? 0) + o.qty * o.price);

console.log(`processed ${orders.length} orders`);
return {
  totals: Object.fromEntries(totals),
  grandTotal: [...totals.values()].reduce((a, b) => a + b, 0),
  luckyOrder: orders[Math.floor(Math.random() * orders.length)].id,
  at: new Date().toISOString(),
};
