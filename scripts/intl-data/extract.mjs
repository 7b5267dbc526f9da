// Extract locale data from Node's ICU into a plain JSON structure.
export const LOCS = ["en","en-GB","en-IN","de","fr","es","it","pt","nl","ja","zh","ru"];
export const CURS = ["USD","EUR","GBP","JPY","CHF","CAD","AUD","CNY","INR","BRL"];
export const UNITS = "kilometer meter kilogram byte kilobyte megabyte second minute hour day percent celsius".split(" ");
const A = new Date(Date.UTC(2024, 0, 5, 9, 7, 5, 45));
const B = new Date(Date.UTC(2024, 0, 5, 0, 7, 5, 45));
const C = new Date(Date.UTC(2024, 0, 5, 13, 7, 5, 45));

function names(l, opt, n, mk) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const parts = new Intl.DateTimeFormat(l, { timeZone: "UTC", ...opt }).formatToParts(mk(i));
    out.push(parts.find((p) => p.type === Object.keys(opt).find(k => k !== "day" && k !== "year")).value);
  }
  return out;
}
const mdate = (i) => new Date(Date.UTC(2024, i, 5, 12));
const wdate = (i) => new Date(Date.UTC(2024, 0, 7 + i, 12)); // 2024-01-07 is Sunday

function quoteLit(s) {
  if (/[A-Za-z']/.test(s)) return "'" + s.replace(/'/g, "''") + "'";
  return s;
}
function partsToPattern(l, opts, N) {
  const f = new Intl.DateTimeFormat(l, { timeZone: "UTC", ...opts });
  const pa = f.formatToParts(A), pb = f.formatToParts(B), pc = f.formatToParts(C);
  let s = "";
  pa.forEach((p, i) => {
    const v = p.value;
    switch (p.type) {
      case "literal": s += quoteLit(v); break;
      case "year": s += v.length === 2 ? "yy" : "y"; break;
      case "month": {
        // disambiguate format/standalone forms with a month where they differ
        const kl = N.ml.findIndex((x, j) => x !== N.mlS[j]), ks = N.ms.findIndex((x, j) => x !== N.msS[j]);
        const mv = (k) => k < 0 ? null : f.formatToParts(new Date(Date.UTC(2024, k, 5, 9))).find((x) => x.type === "month").value;
        if (/^\d+$/.test(v)) s += v.length === 2 ? "MM" : "M";
        else if (v === N.ml[0] && (kl < 0 || mv(kl) === N.ml[kl])) s += "MMMM"; else if (v === N.ms[0] && (ks < 0 || mv(ks) === N.ms[ks])) s += "MMM";
        else if (v === N.mlS[0]) s += "LLLL"; else if (v === N.msS[0]) s += "LLL";
        else if (v === N.mnF[0]) s += "MMMMM"; else if (v === N.mn[0]) s += "LLLLL"; else throw new Error("month? " + l + " " + v);
        break;
      }
      case "day": s += v.length === 2 ? "dd" : "d"; break;
      case "weekday":
        if (v === N.wlF[5]) s += "EEEE"; else if (v === N.wsF[5]) s += "E"; else if (v === N.wnF[5]) s += "EEEEE";
        else if (v === N.wl[5]) s += "cccc"; else if (v === N.ws[5]) s += "c"; else if (v === N.wn[5]) s += "ccccc";
        else throw new Error("wd? " + l + " " + v); break;
      case "hour": {
        const b = pb[i].value, c = pc[i].value;
        const w = v.length === 2 ? 2 : 1;
        const ch = b === "12" ? "h" : b === "24" ? "k" : c === "13" ? "H" : "K";
        s += ch.repeat(w); break;
      }
      case "minute": s += v.length === 2 ? "mm" : "m"; break;
      case "second": s += v.length === 2 ? "ss" : "s"; break;
      case "fractionalSecond": s += "S".repeat(v.length); break;
      case "dayPeriod": s += "a"; break;
      case "timeZoneName": s += v === "UTC" ? "z" : /GMT|UTC/.test(v) ? (v.includes(":") ? "OOOO" : "O") : "zzzz"; break;
      case "era": s += v === N.eraS ? "G" : v === N.eraL ? "GGGG" : "GGGGG"; break;
      default: throw new Error("part " + p.type);
    }
  });
  return s;
}

export const DATE_KEYS = {
  yMd: { year: "numeric", month: "numeric", day: "numeric" },
  yMMMd: { year: "numeric", month: "short", day: "numeric" },
  yMMMMd: { year: "numeric", month: "long", day: "numeric" },
  yMEd: { weekday: "short", year: "numeric", month: "numeric", day: "numeric" },
  yMMMEd: { weekday: "short", year: "numeric", month: "short", day: "numeric" },
  yMMMMEd: { weekday: "short", year: "numeric", month: "long", day: "numeric" },
  yMMMMEEEEd: { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  yMMMEEEEd: { weekday: "long", year: "numeric", month: "short", day: "numeric" },
  yMEEEEd: { weekday: "long", year: "numeric", month: "numeric", day: "numeric" },
  yM: { year: "numeric", month: "numeric" },
  yMMM: { year: "numeric", month: "short" },
  yMMMM: { year: "numeric", month: "long" },
  Md: { month: "numeric", day: "numeric" },
  MMMd: { month: "short", day: "numeric" },
  MMMMd: { month: "long", day: "numeric" },
  MEd: { weekday: "short", month: "numeric", day: "numeric" },
  MMMEd: { weekday: "short", month: "short", day: "numeric" },
  MMMMEd: { weekday: "short", month: "long", day: "numeric" },
  MMMMEEEEd: { weekday: "long", month: "long", day: "numeric" },
  y: { year: "numeric" },
  M: { month: "numeric" },
  MMM: { month: "short" },
  MMMM: { month: "long" },
  d: { day: "numeric" },
  E: { weekday: "short" },
  EEEE: { weekday: "long" },
  Ed: { weekday: "short", day: "numeric" },
  yE: { weekday: "short", year: "numeric" },
  yMMMMEEEE: { weekday: "long", year: "numeric", month: "long" },
  GyMd: { era: "short", year: "numeric", month: "numeric", day: "numeric" }, Gy: { era: "short", year: "numeric" },
  yMMdd: { year: "numeric", month: "2-digit", day: "2-digit" }, yyMMdd: { year: "2-digit", month: "2-digit", day: "2-digit" },
  MMdd: { month: "2-digit", day: "2-digit" }, yMM: { year: "numeric", month: "2-digit" }, yyMd: { year: "2-digit", month: "numeric", day: "numeric" },
  yyM: { year: "2-digit", month: "numeric" }, yyMM: { year: "2-digit", month: "2-digit" }, Mdd: { month: "numeric", day: "2-digit" }, MMd: { month: "2-digit", day: "numeric" },
  yMMd: { year: "numeric", month: "2-digit", day: "numeric" }, yMdd: { year: "numeric", month: "numeric", day: "2-digit" },
  yMMMdd: { year: "numeric", month: "short", day: "2-digit" }, MMM: { month: "short" }, MM: { month: "2-digit" }, dd: { day: "2-digit" }, yy: { year: "2-digit" },
};
export const TIME_KEYS = {
  h: { hour: "numeric", hourCycle: "h12" }, hm: { hour: "numeric", minute: "numeric", hourCycle: "h12" },
  hms: { hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h12" },
  H: { hour: "numeric", hourCycle: "h23" }, Hm: { hour: "numeric", minute: "numeric", hourCycle: "h23" },
  Hms: { hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" },
  m: { minute: "numeric" }, ms: { minute: "numeric", second: "numeric" }, s: { second: "numeric" },
  hh: { hour: "2-digit", hourCycle: "h12" }, HH: { hour: "2-digit", hourCycle: "h23" },
  hmm: { hour: "numeric", minute: "2-digit", hourCycle: "h12" }, Hmm: { hour: "numeric", minute: "2-digit", hourCycle: "h23" },
  hhmm: { hour: "2-digit", minute: "2-digit", hourCycle: "h12" }, HHmm: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  hhm: { hour: "2-digit", minute: "numeric", hourCycle: "h12" }, HHm: { hour: "2-digit", minute: "numeric", hourCycle: "h23" },
  hmmss: { hour: "numeric", minute: "2-digit", second: "2-digit", hourCycle: "h12" }, Hmmss: { hour: "numeric", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
  hhmmss: { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h12" }, HHmmss: { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
  hhms: { hour: "2-digit", minute: "numeric", second: "numeric", hourCycle: "h12" }, HHms: { hour: "2-digit", minute: "numeric", second: "numeric", hourCycle: "h23" },
  mmss: { minute: "2-digit", second: "2-digit" }, mm: { minute: "2-digit" }, ss: { second: "2-digit" }, mss: { minute: "numeric", second: "2-digit" },
  hmz: { hour: "numeric", minute: "numeric", hourCycle: "h12", timeZoneName: "short" }, Hmz: { hour: "numeric", minute: "numeric", hourCycle: "h23", timeZoneName: "short" },
  hz: { hour: "numeric", hourCycle: "h12", timeZoneName: "short" }, Hz: { hour: "numeric", hourCycle: "h23", timeZoneName: "short" },
  hmsz: { hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h12", timeZoneName: "short" },
  Hmsz: { hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23", timeZoneName: "short" },
};

export function extractDates(l) {
  const N = {};
  N.ml = names(l, { month: "long", day: "numeric" }, 12, mdate);
  N.ms = names(l, { month: "short", day: "numeric" }, 12, mdate);
  N.mlS = names(l, { month: "long" }, 12, mdate);
  N.msS = names(l, { month: "short" }, 12, mdate);
  N.mn = names(l, { month: "narrow" }, 12, mdate);
  N.wl = names(l, { weekday: "long" }, 7, wdate);
  N.ws = names(l, { weekday: "short" }, 7, wdate);
  N.wn = names(l, { weekday: "narrow" }, 7, wdate);
  N.wlF = names(l, { weekday: "long", day: "numeric" }, 7, wdate);
  N.wsF = names(l, { weekday: "short", day: "numeric" }, 7, wdate);
  N.wnF = names(l, { weekday: "narrow", day: "numeric" }, 7, wdate);
  N.mnF = names(l, { month: "narrow", day: "numeric" }, 12, mdate);
  const dp = (d, o) => new Intl.DateTimeFormat(l, { timeZone: "UTC", hour: "numeric", hourCycle: "h12", ...o }).formatToParts(d).find((p) => p.type === "dayPeriod").value;
  N.ap = [dp(A), dp(C)];
  const era = (w) => new Intl.DateTimeFormat(l, { timeZone: "UTC", era: w }).formatToParts(A).find((p) => p.type === "era").value;
  N.eraS = era("short"); N.eraL = era("long"); N.eraN = era("narrow");
  N.eraBC = ["short", "long", "narrow"].map((w) => new Intl.DateTimeFormat(l, { timeZone: "UTC", era: w }).formatToParts(new Date(Date.UTC(-100, 0, 1))).find((p) => p.type === "era").value);
  N.tzl = new Intl.DateTimeFormat(l, { timeZone: "UTC", timeZoneName: "long" }).formatToParts(A).find((p) => p.type === "timeZoneName").value;
  const P = {};
  for (const [k, o] of Object.entries(DATE_KEYS)) P[k] = partsToPattern(l, o, N);
  for (const [k, o] of Object.entries(TIME_KEYS)) P[k] = partsToPattern(l, o, N);
  for (const s of ["full", "long", "medium", "short"]) {
    P["D" + s[0]] = partsToPattern(l, { dateStyle: s }, N);
    P["T" + s[0]] = partsToPattern(l, { timeStyle: s }, N);
    P["T" + s[0] + "12"] = partsToPattern(l, { timeStyle: s, hourCycle: "h12" }, N);
    P["T" + s[0] + "23"] = partsToPattern(l, { timeStyle: s, hourCycle: "h23" }, N);
    const both = partsToPattern(l, { dateStyle: s, timeStyle: "short" }, N);
    const glue = both.replace(P["D" + s[0]], "{1}").replace(partsToPattern(l, { timeStyle: "short" }, N), "{0}");
    P["G" + s[0]] = glue;
  }
  const hc = new Intl.DateTimeFormat(l, { timeZone: "UTC", hour: "numeric" }).resolvedOptions().hourCycle;
  const hc12 = new Intl.DateTimeFormat(l, { timeZone: "UTC", hour: "numeric", hour12: true }).resolvedOptions().hourCycle;
  const hc24 = new Intl.DateTimeFormat(l, { timeZone: "UTC", hour: "numeric", hour12: false }).resolvedOptions().hourCycle;
  return { N, P, hc, hc12, hc24, fsep: new Intl.DateTimeFormat(l, { timeZone: "UTC", second: "numeric", fractionalSecondDigits: 1 }).formatToParts(A)[1].value };
}

export function pluralSamples(l) {
  const pr = new Intl.PluralRules(l);
  const out = {};
  for (const c of pr.resolvedOptions().pluralCategories) out[c] = null;
  for (const n of [1, 2, 5, 0, 21, 22, 1.5, 0.5, 1000000, 11, 100]) { const c = pr.select(n); if (out[c] === null) out[c] = n; }
  return { cats: pr.resolvedOptions().pluralCategories, samples: out };
}
