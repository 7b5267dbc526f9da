// Turn raw.json/rel.json/list.json into the compact DATA block for intl.js.
import { join as __join } from "node:path"; import { tmpdir as __tmpdir } from "node:os";
const join = __join; const OUT = __join(__tmpdir(), "capsule-intl-data");
import { mkdirSync as __mkdir } from "node:fs"; __mkdir(OUT, { recursive: true });
import { readFileSync, writeFileSync } from "node:fs";
import { LOCS, CURS, UNITS } from "./extract.mjs";
const raw = JSON.parse(readFileSync(join(OUT, "raw.json"), "utf8"));
const rel = JSON.parse(readFileSync(join(OUT, "rel.json"), "utf8"));
const lst = JSON.parse(readFileSync(join(OUT, "list.json"), "utf8"));
const PARENT = (l) => (l.includes("-") ? l.split("-")[0] : l === "en" ? null : "en");
const UNIT_LOCALES_FULL = new Set(["en", "en-GB", "en-IN"]);
const NAME_LOCALES = new Set(["en", "en-GB", "en-IN", "de", "fr", "es"]);

// pattern derivation rules -- MUST mirror DER/derive() in intl.js
const DER = {
  yMMMMd: ["yMMMd", "M"], yMMMMEd: ["yMMMEd", "M"], yMMMMEEEEd: ["yMMMMEd", "E"], yMMMEEEEd: ["yMMMEd", "E"],
  yMEEEEd: ["yMEd", "E"], MMMMd: ["MMMd", "M"], MMMMEd: ["MMMEd", "M"], MMMMEEEEd: ["MMMMEd", "E"],
  yMMMM: ["yMMM", "M"], MMMM: ["MMM", "M"], EEEE: ["E", "E"], yMMMMEEEE: ["yMMMM", "W"],
  Df: ["yMMMMEEEEd", ""], Dl: ["yMMMMd", ""], Dm: ["yMMMd", ""], Ds: ["yMd", "Y"],
  hm: ["hms", "S"], Hm: ["Hms", "S"], Ts: ["Tm", "S"], Tl: ["Tm", "z"], Tf: ["Tm", "Z"],
  hmsz: ["hms", "z"], Hmsz: ["Hms", "z"], Gl: ["Gf", ""], Gs: ["Gm", ""], GyMd: ["yMd", "G"],
};
function derive(p, op) {
  switch (op) {
    case "M": return mapF(p, (c, n, m) => (c === "M" || c === "L") && n > 2 ? c + c + c + c : m);
    case "E": return mapF(p, (c, n, m) => c === "E" || c === "c" ? c + c + c + c : m);
    case "W": return p + " EEEE";
    case "Y": return mapF(p, (c, n, m) => c === "y" ? "yy" : m);
    case "S": return p.replace(":ss", "");
    case "z": return p + " z";
    case "Z": return p + " zzzz";
    case "G": return p + " G";
    default: return p;
  }
}
const stored = {};
const HC12 = {};
function chainGet(l, k) { for (let x = l; x; x = PARENT(x)) if (stored[x] && k in stored[x]) return stored[x][k]; return undefined; }
// mirrors pat() in intl.js; skipOwnOf: ignore the own entry for this exact key (prediction)
function rtPat(l, k, skipOwn) {
  if (!skipOwn && stored[l] && k in stored[l]) return stored[l][k];
  if (k === "Tm") return rtPat(l, HC12[l] ? "hms" : "Hms");
  const d = DER[k];
  if (!d) return chainGet(PARENT(l), k);
  const b = rtPat(l, d[0]);
  return b === undefined ? b : derive(b, d[1]);
}
function canonKey(k) { return k.replace(/(yy|dd|hh|HH|mm|ss)/g, (m) => m[0]).replace(/^(y?)MM(?!M)/, "$1M"); }
function mapF(p, fn) { return p.replace(/'[^']*'|([A-Za-z])\1*/g, (m, c) => c ? fn(c, m.length, m) : m); }
function widen(p, k) {
  return mapF(p, (c, n, m) => {
    if (c === "y") return k.includes("yy") ? "yy" : "y";
    if (n === 1 && "MdhHms".includes(c) && k.includes(c + c) && !k.includes(c + c + c)) return c + c;
    return m;
  });
}
function lookup(P, k, tm) { // P: full pattern map of locale (actual), returns what runtime derives
  if (k === "Tm") return tm;
  const r = DER[k];
  return r ? derive(P[r[0]], r[1]) : undefined;
}

const out = {};
for (const l of LOCS) {
  const d = raw[l], par = PARENT(l) ? out[PARENT(l)].__full : null;
  const full = {};
  // numbers
  full.n = d.n; full.g2 = d.g2 ? "1" : ""; full.mg = String(d.mg); full.pp = d.pp; full.cp = d.cp; if (d.nan !== "NaN") full.nan = d.nan; if (d.ccp !== d.cp) full.ccp = d.ccp; if (d.kp !== d.pp) full.kp = d.kp;
  for (const c of CURS) full["$" + c] = d.sym[c];
  {
    full.cq = d.cnp;
    for (const c of CURS) { const f = d.cur[c]; full["#" + c] = f.every((x) => x === f[f.length - 1]) ? f[f.length - 1] : f.join("/"); }
  }
  for (const u of UNITS) for (const ud of ["short", "long", "narrow"]) {

    const f = d.u[u + "/" + ud];
    full["u" + ud[0] + u] = f.every((x) => x === f[f.length - 1]) ? f[f.length - 1] : f.join("/");
  }
  full.ks = d.ks.join(";"); full.kl = d.kl.join(";");
  // dates
  const N = d.N;
  full.ml = N.ml.join("|"); full.mlS = N.mlS.join("|"); full.ms = N.ms.join("|"); full.msS = N.msS.join("|");
  full.mn = N.mnF.join("|"); full.mnS = N.mn.join("|");
  full.wl = N.wlF.join("|"); full.ws = N.wsF.join("|"); full.wn = N.wnF.join("|");
  full.wlS = N.wl.join("|"); full.wsS = N.ws.join("|"); full.wnS = N.wn.join("|");
  full.ap = N.ap.join("|");
  full.er = [N.eraS, N.eraL, N.eraN, ...N.eraBC].join("|");
  full.tz = N.tzl;
  full.hc = d.hc === "h12" ? "12" : "23";
  const pat = {};
  const tm = d.hc === "h12" ? d.P.hms : d.P.Hms;
  HC12[l] = d.hc === "h12";
  for (const k of Object.keys(d.P)) { if (/^T.\d\d$/.test(k)) continue; pat[k] = d.P[k]; }
  full.__pat = pat;
  // store: own values differing from parent (or from derivation)
  const own = {};
  for (const k of Object.keys(full)) {
    if (k.startsWith("__")) continue;
    const pv = par ? par[k] : undefined;
    let v = full[k];
    // standalone forms equal to format forms are not stored
    if (/S$/.test(k) && v === full[k.slice(0, -1)] && (!par || pv === undefined || pv === par[k.slice(0, -1)])) continue;
    if (v !== pv) own[k] = v;
  }
  const ownP = stored[l] = {};
  const depth = (k) => (DER[k] ? 1 + depth(DER[k][0]) : 0);
  const keys = Object.keys(pat).sort((x, y) => depth(x) - depth(y));
  for (const k of keys) {
    const c = canonKey(k);
    let predicted;
    if (c !== k && !/z$/.test(k)) {
      predicted = chainGet(PARENT(l), k);
      if (predicted === undefined) { const p = rtPat(l, c) ?? (c.includes("EEEE") ? rtPat(l, c.replace("EEEE", "E")) : undefined); predicted = p && widen(p, k); }
    } else predicted = rtPat(l, k, true);
    if (predicted !== pat[k]) ownP[k] = pat[k];
  }
  own.p = Object.entries(ownP).map(([k, v]) => k + "=" + v).join(";");
  if (!own.p) delete own.p;
  out[l] = { __full: { ...full }, own };
}
// relative time
function relEnc(l) {
  const r = rel[l], o = {};
  const c = (f) => f.every((x) => x === f[f.length - 1]) ? f[f.length - 1] : f.join("/");
  for (const st of ["long", "short", "narrow"]) {
    // try to factor "past/future" templates out of the unit phrases
    let tpl = null;
    const units = Object.keys(r[st]);
    for (const u of units) {
      const e = r[st][u];
      for (let i = 0; i < e.past.length && !tpl; i++) {
        // candidate noun = longest common substring containing "#"
        const p = e.past[i], f = e.fut[i];
        for (let a = 0; a <= p.indexOf("#") && !tpl; a++) for (let b = p.length; b > p.indexOf("#") && !tpl; b--) {
          const noun = p.slice(a, b), j = f.indexOf(noun);
          if (j < 0) continue;
          const T = [p.slice(0, a) + "{0}" + p.slice(b), f.slice(0, j) + "{0}" + f.slice(j + noun.length)];
          const ok = units.every((uu) => r[st][uu].past.every((pp, k) => {
            const ff = r[st][uu].fut[k];
            const pre = T[0].split("{0}"), fpre = T[1].split("{0}");
            if (!pp.startsWith(pre[0]) || !pp.endsWith(pre[1]) || !ff.startsWith(fpre[0]) || !ff.endsWith(fpre[1])) return false;
            return pp.slice(pre[0].length, pp.length - pre[1].length) === ff.slice(fpre[0].length, ff.length - fpre[1].length);
          }));
          if (ok) tpl = T;
        }
      }
    }
    const parts = [];
    for (const u of units) {
      const e = r[st][u];
      if (tpl) {
        const pre = tpl[0].split("{0}");
        parts.push(c(e.past.map((pp) => pp.slice(pre[0].length, pp.length - pre[1].length))) + "|" + e.auto.join("~"));
      } else parts.push([c(e.past), c(e.fut), e.auto.join("~")].join("|"));
    }
    o["r" + st[0]] = (tpl ? tpl.join("|") : "") + ";" + parts.join(";");
  }
  if (o.rn === o.rs) o.rn = "=rs";
  if (o.rs === o.rl) o.rs = "=rl";
  if (o.rn === o.rl) o.rn = "=rl";
  return o;
}
for (const l of Object.keys(rel)) Object.assign(out[l].own, relEnc(l));
for (const l of Object.keys(lst)) for (const [k, v] of Object.entries(lst[l])) out[l].own["l" + k] = v;
// collapse rel/list duplicates vs parent
for (const l of LOCS) {
  const par = PARENT(l);
  if (!par) continue;
  for (const k of Object.keys(out[l].own)) if (/^[rl]/.test(k) && k.length <= 3 && out[par].own[k] === out[l].own[k]) delete out[l].own[k];
}
const esc = (s) => s.replace(/[\u00a0\u202f\u2009`\\]/g, (c) => c === "`" ? "\\`" : c === "\\" ? "\\\\" : "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
let src = "  var DATA = {\n";
for (const l of LOCS) {
  const own = out[l].own;
  for (const [k, v] of Object.entries(own)) if (/\n/.test(v) || / /.test(k)) throw new Error("bad " + k);
  src += "    " + JSON.stringify(l) + ": `" + Object.entries(own).map(([k, v]) => k + " " + esc(v)).join("\n") + "`,\n";
}
src = src.replace(/,\n$/, "\n") + "  };\n";
writeFileSync(join(OUT, "data.js"), src);
console.log("data bytes", Buffer.byteLength(src), "chars", src.length);
for (const l of LOCS) console.log(l, Buffer.byteLength(JSON.stringify(out[l].own)));
