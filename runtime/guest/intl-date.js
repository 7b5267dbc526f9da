// Capsule guest Intl, DateTimeFormat: skeleton patterns per locale (derived where CLDR follows the rules in DER),
// styles, fields, hour cycles, time-zone names (UTC only) and ranges. Loaded with intl.js through the prelude's
// guestFile power.
// Plain ES2020 global script; completion value: a factory taking the powers and returning what intl.js uses.
// Refuses host access and global state: of the powers it uses only guestFile, at load, hands them to nothing and
// assigns no global.
(function (powers) {
  "use strict";
  var core = powers.guestFile("intl-core"), has = core.has, pad = core.pad, rangeErr = core.rangeErr,
    typeErr = core.typeErr, opts = core.opts, getStr = core.getStr, getBool = core.getBool, getNum = core.getNum,
    defGetter = core.defGetter, slot = core.slot, tag = core.tag, partsStr = core.partsStr, push = core.push,
    rec = core.rec, resolve = core.resolve, supported = core.supported;

  // ------------------------------------------------------------ DateTimeFormat
  var DTFN = "Intl.DateTimeFormat";
  // Pattern derivation rules: key -> "base op" (mirrored by the data generator).
  var DER = {
    yMMMMd: "yMMMd M", yMMMMEd: "yMMMEd M", yMMMMEEEEd: "yMMMMEd E", yMMMEEEEd: "yMMMEd E", yMEEEEd: "yMEd E",
    MMMMd: "MMMd M", MMMMEd: "MMMEd M", MMMMEEEEd: "MMMMEd E", yMMMM: "yMMM M", MMMM: "MMM M", EEEE: "E E",
    yMMMMEEEE: "yMMMM W", Df: "yMMMMEEEEd", Dl: "yMMMMd", Dm: "yMMMd", Ds: "yMd Y", hm: "hms S", Hm: "Hms S",
    Ts: "Tm S", Tl: "Tm z", Tf: "Tm Z", hmsz: "hms z", Hmsz: "Hms z", Gl: "Gf", Gs: "Gm", GyMd: "yMd G"
  };
  // Apply fn(letter, count, text) to every pattern field, leaving quoted literals alone.
  function mapF(p, fn) {
    return p.replace(/'[^']*'|([A-Za-z])\1*/g, function (m, c) { return c ? fn(c, m.length, m) : m; });
  }
  function pat(L, k) {
    var P = L.P;
    if (has(P, k)) return P[k];
    if (k === "Tm") return pat(L, L.hc === "12" ? "hms" : "Hms");
    var d = DER[k];
    if (!d) return P[k];
    var b = pat(L, d.split(" ")[0]);
    if (b === undefined) return b;
    switch (d.split(" ")[1]) {
      case "M": return mapF(b, function (c, n, m) { return (c === "M" || c === "L") && n > 2 ? c + c + c + c : m; });
      case "E": return mapF(b, function (c, n, m) { return c === "E" || c === "c" ? c + c + c + c : m; });
      case "W": return b + " EEEE";
      case "Y": return mapF(b, function (c, n, m) { return c === "y" ? "yy" : m; });
      case "S": return b.replace(":ss", "");
      case "z": return b + " z";
      case "Z": return b + " zzzz";
      case "G": return b + " G";
    }
    return b;
  }
  // Numeric 2-digit requests ("yy", "MM", "dd", "hh", "mm", "ss") have their own
  // patterns where CLDR/ICU disagree with simple widening; otherwise widen.
  function widen(p, k) {
    return mapF(p, function (c, n, m) {
      if (c === "y") return k.indexOf("yy") >= 0 ? "yy" : "y";
      if (n === 1 && "MdhHms".indexOf(c) >= 0 && k.indexOf(c + c) >= 0 && k.indexOf(c + c + c) < 0) return c + c;
      return m;
    });
  }
  function lookup(L, k) {
    var c = k.replace(/(yy|dd|hh|HH|mm|ss)/g, function (m) { return m[0]; }).replace(/^(y?)MM(?!M)/, "$1M");
    if (c !== k && k in L.P) return L.P[k];
    var p = pat(L, c) || (c.indexOf("EEEE") >= 0 ? pat(L, c.replace("EEEE", "E")) : undefined);
    return p && (c === k ? p : widen(p, k));
  }
  var TZRE = /^(etc\/)?(utc|gmt|uct|universal|zulu|greenwich|gmt[+-]?0)$/i;
  var FIELDS = [["weekday", "narrow short long"], ["era", "narrow short long"], ["year", "2-digit numeric"],
    ["month", "2-digit numeric narrow short long"], ["day", "2-digit numeric"], ["dayPeriod", "narrow short long"],
    ["hour", "2-digit numeric"], ["minute", "2-digit numeric"], ["second", "2-digit numeric"], ["fractionalSecondDigits"],
    ["timeZoneName", "short long shortOffset longOffset shortGeneric longGeneric"]];

  function DateTimeFormat(locales, options) {
    return dtfInit(this instanceof DateTimeFormat ? this : Object.create(DateTimeFormat.prototype), locales, options, "any", "date");
  }
  function dtfInit(self, locales, options, req, defs) {
    var r = resolve(locales), o = opts(options), L = rec(r.key), s = slot(self, { locale: r.locale, L: L });
    getStr(o, "localeMatcher", "lookup best fit", "", DTFN);
    getStr(o, "calendar", null, "", DTFN);
    getStr(o, "numberingSystem", null, "", DTFN);
    var h12 = getBool(o, "hour12"), hcO = getStr(o, "hourCycle", "h11 h12 h23 h24", undefined, DTFN);
    var tz = o.timeZone;
    if (tz !== undefined && !TZRE.test(tz = String(tz)))
      throw rangeErr("Invalid time zone specified: " + tz + " (the sandbox clock is UTC; only UTC, Etc/UTC and GMT are available)");
    var f = s.f = {}, any = false;
    FIELDS.forEach(function (e) {
      var v = e[1] ? getStr(o, e[0], e[1], undefined, DTFN) : getNum(o, e[0], 1, 3, undefined);
      if (v !== undefined) { f[e[0]] = v; any = true; }
    });
    getStr(o, "formatMatcher", "basic best fit", "", DTFN);
    s.ds = getStr(o, "dateStyle", "full long medium short", undefined, DTFN);
    s.ts = getStr(o, "timeStyle", "full long medium short", undefined, DTFN);
    if (s.ds || s.ts) {
      if (any) throw typeErr("Can't set option " + Object.keys(f)[0] + " when " + (s.ds ? "dateStyle" : "timeStyle") + " is used");
      if (req === "date" && !s.ds) throw typeErr("Invalid option : timeStyle");
      if (req === "time" && !s.ts) throw typeErr("Invalid option : dateStyle");
    } else {
      var need = true;
      if (req !== "time" && (f.weekday || f.year || f.month || f.day)) need = false;
      if (req !== "date" && (f.dayPeriod || f.hour || f.minute || f.second || f.fractionalSecondDigits)) need = false;
      if (need && defs !== "time") f.year = f.month = f.day = "numeric";
      if (need && defs !== "date") f.hour = f.minute = f.second = "numeric";
    }
    if (f.hour || s.ts) {
      var def = L.hc === "12" ? "h12" : "h23";
      // Node 20 (pre-2023 ECMA-402): hour12 maps through the locale default cycle
      s.hc = h12 !== undefined ? (h12 ? (def === "h23" ? "h11" : "h12") : (def === "h23" ? "h23" : "h24")) : hcO || def;
    }
    s.pat = dtPattern(s);
    return self;
  }
  function stylePat(L, k, tw) {
    var base = pat(L, "T" + k);
    if (tw === (L.hc === "12")) return base;
    var core = pat(L, k === "s" ? "Ts" : "Tm"), w = 1;
    mapF(core, function (c, n) { if (/[hHkK]/.test(c)) w = n; return ""; });
    var nc = tw ? mapF(pat(L, k === "s" ? "hm" : "hms"), function (c, n, m) { return c === "h" ? (w > 1 ? "hh" : "h") : m; })
      : pat(L, k === "s" ? "Hm" : "Hms");
    return base.indexOf(core) >= 0 ? base.replace(core, nc) : nc;
  }
  function dtPattern(s) {
    var L = s.L, f = s.f, hc = s.hc, tw = hc === "h12" || hc === "h11", r;
    if (s.ds || s.ts) {
      var sd = s.ds && pat(L, "D" + s.ds[0]), st = s.ts && stylePat(L, s.ts[0], tw);
      if (sd && st && tw !== (L.hc === "12")) {
        // V8 regenerates the date half from its skeleton when the hour cycle flips
        var sk = { y: "", M: "", E: "", d: "" };
        mapF(sd, function (c, n, m) { sk[c === "L" ? "M" : c] = m.replace(/L/g, "M"); return m; });
        sd = lookup(L, sk.y + sk.M + sk.E + sk.d) || sd;
      }
      r = sd && st ? pat(L, "G" + s.ds[0]).replace("{1}", sd).replace("{0}", st) : sd || st;
    } else {
      var M = f.month, W = f.weekday, two = function (k, c) { return f[k] === "2-digit" ? c + c : f[k] ? c : ""; };
      var mk = !M ? "" : M === "numeric" ? "M" : M === "2-digit" ? "MM" : M === "long" ? "MMMM" : "MMM";
      var ek = W ? (W === "long" ? "EEEE" : "E") : "";
      var dk = two("year", "y") + mk + ek + two("day", "d");
      var dp = dk && lookup(L, dk);
      if (dk && !dp) dp = [W && "E", f.day && "d", mk, f.year && "y"].filter(Boolean).join(" ");
      if (f.era) dp = pat(L, "G" + dk) || (pat(L, "GyMd")[0] === "G" ? "G" + dp : dp + " G");
      if (dp) dp = mapF(dp, function (c, n, m) {
        switch (c) {
          case "G": return { "short": "G", "long": "GGGG", narrow: "GGGGG" }[f.era];
          case "M": case "L": return n < 3 ? m : c + c + c + (M === "long" ? c : M === "narrow" ? c + c : "");
          case "E": case "c": return c + c + c + (W === "long" ? c : W === "narrow" ? c + c : "");
        }
        return m;
      });
      var hk = f.hour ? (tw ? "h" : "H") : "";
      var tk = (f.hour === "2-digit" ? hk + hk : hk) + two("minute", "m") + two("second", "s");
      if (/^[hH]+s/.test(tk)) tk = tk.replace(/s+/, "m$&");
      var tp = tk ? lookup(L, tk) : "";
      if (f.fractionalSecondDigits) tp = (tp || "s").replace(/s+/, "$&" + L.n[0] + new Array(f.fractionalSecondDigits + 1).join("S"));
      var zn = f.timeZoneName, zw = zn && ({ "short": "z", "long": "zzzz", shortOffset: "O", longOffset: "OOOO", shortGeneric: "O", longGeneric: "OOOO" })[zn];
      if (zn && tp) {
        var ck = tk.replace(/(.)\1/g, "$1") + "z", Z = pat(L, tw ? "hmsz" : "Hmsz"), T = pat(L, tw ? "hms" : "Hms");
        if (ck in L.P) tp = widen(L.P[ck], tk).replace("z", zw);
        else tp = (Z.indexOf(T) >= 0 ? Z.replace(T, "{0}") : "{0} z").replace("z", zw).replace("{0}", tp);
      }
      if (dp && tp) r = pat(L, "G" + (W === "long" && M === "long" ? "f" : M === "long" ? "l" : M === "short" || M === "narrow" ? "m" : "s")).replace("{1}", dp).replace("{0}", tp);
      else r = dp || tp;
      if (zn && !tp) r = pat(L, "Gs").replace("{1}", r).replace("{0}", zw);
    }
    return mapF(r, function (c, n, m) {
      if (c === "h" && hc === "h11") return n > 1 ? "KK" : "K";
      if (c === "H" && hc === "h24") return n > 1 ? "kk" : "k";
      if (c === "h" && hc === "h23") return n > 1 ? "HH" : "H";
      if (c === "H" && hc === "h12") return n > 1 ? "hh" : "h";
      return m;
    });
  }
  function toTime(x) {
    x = x === undefined ? Date.now() : Number(x);
    if (!isFinite(x) || Math.abs(x) > 8.64e15) throw rangeErr("Invalid time value");
    return x;
  }
  var TYPES = { G: "era", y: "year", M: "month", L: "month", d: "day", E: "weekday", c: "weekday", a: "dayPeriod",
    h: "hour", H: "hour", K: "hour", k: "hour", m: "minute", s: "second", S: "fractionalSecond", z: "timeZoneName", O: "timeZoneName" };
  function dtParts(s, x) {
    var t = new Date(toTime(x)), L = s.L, out = [];
    var Y = t.getUTCFullYear(), Mo = t.getUTCMonth(), h = t.getUTCHours(), wd = t.getUTCDay();
    var list = function (k, i) { return L[k].split("|")[i]; };
    s.pat.replace(/'([^']*)'|([A-Za-z])\2*|[^'A-Za-z]+/g, function (m, q, c) {
      if (q !== undefined) return push(out, "literal", q || "'"), "";
      if (!c) return push(out, "literal", m), "";
      var n = m.length, v, w = n === 4 ? "l" : n === 5 ? "n" : "s";
      switch (c) {
        case "G": v = list("er", (Y > 0 ? 0 : 3) + (n === 4 ? 1 : n === 5 ? 2 : 0)); break;
        case "y": v = Y > 0 ? Y : 1 - Y; v = n === 2 ? pad(v % 100, 2) : String(v); break;
        case "M": case "L": v = n < 3 ? pad(Mo + 1, n) : list("m" + w + (c === "L" && L["m" + w + "S"] ? "S" : ""), Mo); break;
        case "d": v = pad(t.getUTCDate(), n); break;
        case "E": v = list("w" + w, wd); break;
        case "c": v = list(L["w" + w + "S"] ? "w" + w + "S" : "w" + w, wd); break;
        case "a": v = list("ap", h < 12 ? 0 : 1); break;
        case "h": v = pad(h % 12 || 12, n); break;
        case "K": v = pad(h % 12, n); break;
        case "H": v = pad(h, n); break;
        case "k": v = pad(h || 24, n); break;
        case "m": v = pad(t.getUTCMinutes(), n); break;
        case "s": v = pad(t.getUTCSeconds(), n); break;
        case "S": v = pad(t.getUTCMilliseconds(), 3).slice(0, n); break;
        case "z": v = n < 4 ? "UTC" : L.tz; break;
        case "O": v = (L.lang === "fr" ? "UTC" : "GMT") + (n < 4 ? "+0" : "+00:00"); break;
        default: v = m;
      }
      out.push({ type: TYPES[c] || "literal", value: v });
      return "";
    });
    return out;
  }
  DateTimeFormat.supportedLocalesOf = supported;
  tag(DateTimeFormat, DTFN);
  // V8 (Node 20) replaces U+202F with a plain space in format() but not in formatToParts()
  function dtStr(p) { return partsStr(p).replace(/\u202f/g, " "); }
  defGetter(DateTimeFormat.prototype, "format", function (x) { return dtStr(dtParts(this._s, x)); });
  DateTimeFormat.prototype.formatToParts = function (x) { return dtParts(this._s, x); };
  // Simplified ranges: identical renderings collapse, otherwise "start – end".
  function rangeParts(self, a, b) {
    if (a === undefined || b === undefined) throw typeErr("startDate or endDate is undefined");
    var s = self._s, pa = dtParts(s, a), pb = dtParts(s, b);
    if (partsStr(pa) === partsStr(pb)) return pa.map(function (p) { p.source = "shared"; return p; });
    pa.forEach(function (p) { p.source = "startRange"; });
    pb.forEach(function (p) { p.source = "endRange"; });
    return pa.concat([{ type: "literal", value: "\u2009\u2013\u2009", source: "shared" }], pb);
  }
  DateTimeFormat.prototype.formatRange = function (a, b) { return dtStr(rangeParts(this, a, b)); };
  DateTimeFormat.prototype.formatRangeToParts = function (a, b) { return rangeParts(this, a, b); };
  DateTimeFormat.prototype.resolvedOptions = function () {
    var s = this._s, o = { locale: s.locale, calendar: "gregory", numberingSystem: "latn", timeZone: "UTC" }, f = {};
    if (s.hc) { o.hourCycle = s.hc; o.hour12 = s.hc === "h11" || s.hc === "h12"; }
    if (s.ds || s.ts) {
      if (s.ds) o.dateStyle = s.ds;
      if (s.ts) o.timeStyle = s.ts;
      return o;
    }
    // V8 derives these by substring search over the raw pattern (quoted literals
    // included, first hit wins); mirror that so resolvedOptions() agrees with Node.
    var pt = s.pat, R = "weekday:EEEEE/narrow,EEEE/long,E/short,ccccc/narrow,cccc/long,c/short;era:GGGGG/narrow,GGGG/long,G/short;" +
      "year:yy/2-digit,y/numeric;month:MMMMM/narrow,MMMM/long,MMM/short,MM/2-digit,M/numeric,LLLLL/narrow,LLLL/long,LLL/short,LL/2-digit,L/numeric;" +
      "day:dd/2-digit,d/numeric;hour:HH/2-digit,H/numeric,hh/2-digit,h/numeric,kk/2-digit,k/numeric,KK/2-digit,K/numeric;" +
      "minute:mm/2-digit,m/numeric;second:ss/2-digit,s/numeric;fractionalSecond:SSS/3,SS/2,S/1";
    R.split(";").forEach(function (e) {
      var kv = e.split(":");
      kv[1].split(",").some(function (x) {
        x = x.split("/");
        return pt.indexOf(x[0]) >= 0 && (f[kv[0]] = kv[0] === "fractionalSecond" ? +x[1] : x[1]);
      });
    });
    if (s.f.timeZoneName) f.timeZoneName = s.f.timeZoneName;
    if (s.f.dayPeriod) f.dayPeriod = s.f.dayPeriod;
    ["weekday", "era", "year", "month", "day", "dayPeriod", "hour", "minute", "second", "fractionalSecond", "timeZoneName"].forEach(function (k) {
      if (f[k] !== undefined) o[k === "fractionalSecond" ? "fractionalSecondDigits" : k] = f[k];
    });
    return o;
  };
  return { DateTimeFormat: DateTimeFormat, dtfInit: dtfInit, dtParts: dtParts, dtStr: dtStr };
});
