// Generates the DATA block of runtime/guest/intl.js from Node's ICU (CLDR).
import { join as __join } from "node:path"; import { tmpdir as __tmpdir } from "node:os";
const join = __join; const OUT = __join(__tmpdir(), "capsule-intl-data");
import { mkdirSync as __mkdir } from "node:fs"; __mkdir(OUT, { recursive: true });
import { readFileSync, writeFileSync } from "node:fs";
import { LOCS, CURS, UNITS, extractDates, DATE_KEYS, TIME_KEYS } from "./extract.mjs";

const PARENT = (l) => (l.includes("-") ? l.split("-")[0] : l === "en" ? null : "en");
const cats = (l) => new Intl.PluralRules(l).resolvedOptions().pluralCategories; // Node order (alphabetical, other last)
const sampleFor = (l, cat, scale = 1) => {
  const pr = new Intl.PluralRules(l);
  for (const n of [1, 2, 5, 0, 21, 22, 1.5, 0.5, 1000000, 11, 100, 3]) if (pr.select(n) === cat) return n;
  throw new Error("no sample " + l + cat);
};
const NB = { "\u00a0": "\\u00a0", "\u202f": "\\u202f" };

function numberData(l) {
  const o = {};
  const p = new Intl.NumberFormat(l).formatToParts(1234567.5);
  o.n = p.find((x) => x.type === "decimal").value + p.find((x) => x.type === "group").value;
  const s7 = new Intl.NumberFormat(l).format(1234567);
  if (/^12\D34\D567$/.test(s7)) o.g2 = 1;
  o.nan = new Intl.NumberFormat(l).format(NaN);
  o.mg = /\D/.test(new Intl.NumberFormat(l).format(1234)) ? 1 : 2;
  const pat = (opts, v) => new Intl.NumberFormat(l, opts).formatToParts(v).map((x) =>
    x.type === "minusSign" ? "-" : x.type === "currency" || x.type === "percentSign" ? (x.type === "currency" ? "¤" : "%") :
    /integer|group|decimal|fraction/.test(x.type) ? "#" : x.value).join("").replace(/#+/g, "#");
  o.pp = pat({ style: "percent" }, -0.5);
  o.kp = new Intl.NumberFormat(l, { style: "percent", notation: "compact" }).formatToParts(-0.5).map((x) => x.type === "minusSign" ? "-" : x.type === "unit" ? "%" : /integer|group|decimal|fraction/.test(x.type) ? "#" : x.value).join("").replace(/#+/g, "#");
  o.cp = pat({ style: "currency", currency: "EUR" }, -1);
  o.ccp = new Intl.NumberFormat(l, { style: "currency", currency: "EUR", notation: "compact" }).formatToParts(-1500000)
    .filter((x, i, all) => !(x.type === "literal" && all[i + 1] && all[i + 1].type === "compact"))
    .map((x) => x.type === "minusSign" ? "-" : x.type === "currency" ? "¤" : /integer|group|decimal|fraction|compact/.test(x.type) ? "#" : x.value).join("").replace(/#+/g, "#");
  // currency symbols
  o.sym = {};
  for (const c of CURS) {
    const v = new Intl.NumberFormat(l, { style: "currency", currency: c }).formatToParts(1).find((x) => x.type === "currency").value;
    const nv = new Intl.NumberFormat(l, { style: "currency", currency: c, currencyDisplay: "narrowSymbol" }).formatToParts(1).find((x) => x.type === "currency").value;
    o.sym[c] = v === nv ? v : v + "/" + nv;
  }
  // currency names: plural forms in Node's category order
  const C = cats(l);
  o.cur = {};
  for (const c of CURS) {
    o.cur[c] = C.map((cat) => {
      const n = sampleFor(l, cat);
      const parts = new Intl.NumberFormat(l, { style: "currency", currency: c, currencyDisplay: "name", minimumFractionDigits: 0, maximumFractionDigits: 1 }).formatToParts(n);
      return parts.find((x) => x.type === "currency").value;
    });
  }
  {
    const parts = new Intl.NumberFormat(l, { style: "currency", currency: "USD", currencyDisplay: "name" }).formatToParts(-2);
    o.cnp = parts.map((x) => x.type === "currency" ? "¤" : x.type === "minusSign" ? "-" : /integer|group|decimal|fraction/.test(x.type) ? "#" : x.value).join("").replace(/#+/g, "#");
  }
  // units
  o.u = {};
  for (const u of UNITS) for (const ud of ["short", "long", "narrow"]) {
    o.u[u + "/" + ud] = C.map((cat) => {
      const n = sampleFor(l, cat);
      return new Intl.NumberFormat(l, { style: "unit", unit: u, unitDisplay: ud, maximumFractionDigits: 1 }).formatToParts(n)
        .map((x) => /integer|group|decimal|fraction/.test(x.type) ? "#" : x.value).join("").replace(/#+/g, "#");
    });
  }
  // compact
  for (const cd of ["short", "long"]) {
    const list = [];
    const pr = new Intl.PluralRules(l);
    for (let m = 3; m <= 17; m++) {
      const fmt = (v) => new Intl.NumberFormat(l, { notation: "compact", compactDisplay: cd, maximumFractionDigits: 1 }).formatToParts(v);
      const p0 = fmt(2 * 10 ** m);
      const hasC = p0.some((x) => x.type === "compact");
      const ints = p0.filter((x) => x.type === "integer").map((x) => x.value).join("");
      const div = hasC ? m - (ints.length - 1) : 0;
      if (!hasC) { list.push({ m, div: 0, aff: [] }); continue; }
      const k = m - div, base = 10 ** k;
      const forms = C.map((cat) => {
        for (const f of [1, 1.5, 2, 2.5, 3, 5, 1.1, 2.1, 2.2, 1.01, 2.01, 2.02, 2.05]) {
          const x = +(base * f).toFixed(1);
          if (x >= base * 10 || pr.select(x) !== cat) continue;
          if (x === 1) continue; // exact one handled separately
          const parts = fmt(x * 10 ** div);
          if (parts[0].type !== "integer" && parts[0].type !== "minusSign") throw new Error("prefix compact " + l + m);
          return parts.filter((y) => y.type === "compact" || y.type === "literal").map((y) => y.value).join("");
        }
        return null;
      });
      const other = forms[forms.length - 1];
      const aff = forms.map((f) => (f === null || f === other) && f !== other ? "" : f);
      // exact value 1 (only when the displayed number is 1)
      let ex = "";
      if (k === 0) {
        const p1 = fmt(10 ** m);
        const s1 = p1.filter((y) => y.type === "compact" || y.type === "literal").map((y) => y.value).join("");
        if (!p1.some((y) => y.type === "integer")) ex = "=" + s1;
        else if (forms[C.indexOf(pr.select(1))] === null) forms[C.indexOf(pr.select(1))] = s1;
      }
      const prev = list.length && list[list.length - 1].div === div ? list[list.length - 1].full : null;
      const fin = forms.map((f, i) => f !== null ? f : prev ? prev[i] : null);
      const oth = fin[fin.length - 1];
      for (let i = 0; i < fin.length; i++) if (fin[i] === null) fin[i] = oth;
      // collapse identical forms
      const enc = fin.every((f) => f === oth) ? [oth] : fin;
      list.push({ m, div, full: fin, aff: ex ? enc.concat([ex]) : enc });
    }
    // encode groups: "m:div:aff/aff"
    const out = [];
    let prev = null;
    for (const e of list) {
      const key = e.div + ":" + e.aff.filter((f) => f[0] !== "=").join("/");
      if (key !== prev) out.push(e.m + ":" + e.div + ":" + e.aff.join("/"));
      prev = key;
    }
    o["k" + cd[0]] = out;
  }
  return o;
}

function relData(l) {
  const o = {};
  for (const st of ["long", "short", "narrow"]) {
    const r = new Intl.RelativeTimeFormat(l, { style: st });
    const a = new Intl.RelativeTimeFormat(l, { style: st, numeric: "auto" });
    const C = cats(l);
    const u = {};
    for (const unit of ["year", "quarter", "month", "week", "day", "hour", "minute", "second"]) {
      const past = C.map((c) => r.formatToParts(-sampleFor(l, c), unit).map((x) => x.type === "literal" ? x.value : "#").join("").replace(/#+/g, "#"));
      const fut = C.map((c) => r.formatToParts(sampleFor(l, c), unit).map((x) => x.type === "literal" ? x.value : "#").join("").replace(/#+/g, "#"));
      const auto = [-2, -1, 0, 1, 2].map((v) => { const s = a.format(v, unit); if (s.includes("~")) throw new Error("~"); return s === r.format(v, unit) ? "" : s; });
      u[unit] = { past, fut, auto };
    }
    o[st] = u;
  }
  return o;
}
function listData(l) {
  const o = {};
  for (const t of ["conjunction", "disjunction", "unit"]) for (const st of ["long", "short", "narrow"]) {
    const f = new Intl.ListFormat(l, { type: t, style: st });
    const two = f.format(["{0}", "{1}"]);
    const three = f.format(["{0}", "{1}", "{2}"]);
    const four = f.format(["{0}", "{1}", "{2}", "{3}"]);
    // start: between 0 and 1 in three; end: between 1 and 2 in three; middle: between 1 and 2 in four
    const start = three.slice(3, three.indexOf("{1}"));
    const end = three.slice(three.indexOf("{1}") + 3, three.indexOf("{2}"));
    const mid = four.slice(four.indexOf("{1}") + 3, four.indexOf("{2}"));
    const tw = two.slice(3, two.indexOf("{1}"));
    o[t[0] + st[0]] = [tw, start, mid, end].join("|");
  }
  return o;
}

const all = {};
for (const l of LOCS) all[l] = { ...numberData(l), ...extractDates(l) };
writeFileSync(join(OUT, "raw.json"), JSON.stringify(all, null, 1));
const rel = {}, list = {};
for (const l of LOCS) rel[l] = relData(l);
for (const l of LOCS) list[l] = listData(l);
writeFileSync(join(OUT, "rel.json"), JSON.stringify(rel, null, 1));
writeFileSync(join(OUT, "list.json"), JSON.stringify(list, null, 1));
console.log("ok", JSON.stringify(all).length, JSON.stringify(rel).length, JSON.stringify(list).length);
