// Capsule guest Intl, shared machinery: argument helpers, locale tags and negotiation over the locale data, plural
// rules and the exact decimal engine the formatters round with. Loaded with intl.js, which (like intl-number.js,
// intl-date.js and intl-services.js) takes it through the prelude's guestFile power; it takes the three intl-data-*.js
// parts the same way, each when a locale it holds is first needed. Locales inherit missing keys from their parent
// (en-GB -> en, de -> en).
// Plain ES2020 global script; completion value: a factory taking the powers and returning these helpers.
// Refuses host access and global state: of the powers it uses only guestFile, at load, hands them to nothing and
// assigns no global.
(function (powers) {
  "use strict";
  // The locale data, one record text per locale, in three parts: each is evaluated the first time a record it holds
  // is needed, so a run that formats only en or de compiles a third of the data (about 0.5 ms of 2).
  var PARTS = ["intl-data-1", "intl-data-2", "intl-data-3"];
  function data(k) {
    for (var p = 0; p < PARTS.length; p++) {
      var part = powers.guestFile(PARTS[p]);
      if (Object.prototype.hasOwnProperty.call(part, k)) return part[k];
    }
    throw rangeErr("Incorrect locale information provided");
  }

  // ------------------------------------------------------------ utilities
  var NBSP = "\u00a0";
  var has = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };
  function pad(n, w) { n = String(n); while (n.length < w) n = "0" + n; return n; }
  function rangeErr(m) { return new RangeError(m); }
  function typeErr(m) { return new TypeError(m); }
  function opts(o) {
    if (o === undefined) return Object.create(null);
    if (o === null) throw typeErr("Cannot convert undefined or null to object");
    return Object(o);
  }
  function getStr(o, k, allowed, def, who) {
    var v = o[k];
    if (v === undefined) return def;
    v = String(v);
    if (allowed && allowed.split(" ").indexOf(v) < 0) throw rangeErr("Value " + v + " out of range for " + who + " options property " + k);
    return v;
  }
  function getBool(o, k) { var v = o[k]; return v === undefined ? undefined : !!v; }
  function getNum(o, k, lo, hi, def) {
    var v = o[k];
    if (v === undefined) return def;
    v = Number(v);
    if (!(v >= lo && v <= hi)) throw rangeErr(k + " value is out of range.");
    return Math.floor(v);
  }
  function defGetter(proto, name, fn) {
    Object.defineProperty(proto, name, {
      configurable: true,
      get: function () {
        var s = this._s;
        if (!s) throw typeErr("Method get " + name + " called on incompatible receiver");
        return s["b" + name] || (s["b" + name] = fn.bind(this));
      }
    });
  }
  // internal state lives in one non-enumerable slot (JSON.stringify(new Intl.NumberFormat()) === "{}", as in V8)
  function slot(o, s) { Object.defineProperty(o, "_s", { value: s }); return s; }
  function tag(C, name) { Object.defineProperty(C.prototype, Symbol.toStringTag, { value: name, configurable: true }); }
  function partsStr(p) { var s = ""; for (var i = 0; i < p.length; i++) s += p[i].value; return s; }
  function push(p, type, value) {
    if (value === "") return;
    var last = p[p.length - 1];
    if (type === "literal" && last && last.type === "literal") last.value += value;
    else p.push({ type: type, value: value });
  }

  // ------------------------------------------------------------ locales
  var REC = {};
  // Parsed record for a locale key of the data; missing keys come from the parent via the prototype chain.
  function rec(k) {
    var r = REC[k];
    if (r) return r;
    var parent = k === "en" ? null : rec(k.indexOf("-") > 0 ? k.split("-")[0] : "en");
    r = Object.create(parent);
    data(k).split("\n").forEach(function (line) {
      var i = line.indexOf(" ");
      r[line.slice(0, i)] = line.slice(i + 1);
    });
    var P = Object.create(parent ? parent.P : null);
    if (has(r, "p")) r.p.split(";").forEach(function (e) { var i = e.indexOf("="); P[e.slice(0, i)] = e.slice(i + 1); });
    r.P = P;
    r.lang = k.split("-")[0];
    return (REC[k] = r);
  }
  var LANGS = "en de fr es it pt nl ja zh ru".split(" ");
  var DEFREG = { en: "US", de: "DE", fr: "FR", es: "ES", it: "IT", pt: "BR", nl: "NL", ja: "JP", zh: "CN", ru: "RU" };
  var TAG_RE = /^(?:[a-z]{2,3}|[a-z]{5,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[a-wyz\d](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?$/i;
  var ALIAS = { iw: "he", "in": "id", ji: "yi", jw: "jv", mo: "ro", tl: "fil" };
  function canon(t) {
    if (typeof t !== "string" && (typeof t !== "object" || t === null)) throw typeErr("Language ID should be string or object.");
    t = String(t);
    if (!TAG_RE.test(t) || /^x-/i.test(t)) throw rangeErr("Incorrect locale information provided");
    var ext = false;
    return t.split("-").map(function (p, i) {
      if (i === 0) { p = p.toLowerCase(); return ALIAS[p] || p; }
      if (p.length === 1) ext = true;
      if (ext) return p.toLowerCase();
      if (p.length === 4 && /^[a-z]/i.test(p)) return p[0].toUpperCase() + p.slice(1).toLowerCase();
      if (p.length === 2 || /^\d{3}$/.test(p)) return p.toUpperCase();
      return p.toLowerCase();
    }).join("-");
  }
  function canonList(locales) {
    if (locales === undefined) return [];
    var list = typeof locales === "string" || (typeof locales === "object" && locales !== null && !("length" in Object(locales))) ? [locales] : Object(locales);
    var out = [], n = list.length >>> 0;
    for (var i = 0; i < n; i++) if (i in list) { var c = canon(list[i]); if (out.indexOf(c) < 0) out.push(c); }
    return out;
  }
  // Best match among our data; returns { locale (reported), key (the data's key) } or null.
  function match(t) {
    var base = t.split(/-[a-wyz\d]-/)[0].split("-x-")[0], parts = base.split("-"), lang = parts[0];
    if (LANGS.indexOf(lang) < 0) return null;
    var region = parts.filter(function (p, i) { return i && /^([A-Z]{2}|\d{3})$/.test(p); })[0];
    var key = lang === "en" && (region === "GB" || region === "IN") ? "en-" + region : lang;
    var known = !region || region === DEFREG[lang] || key !== lang;
    return { locale: known ? base : lang, key: key };
  }
  function resolve(locales) {
    var list = canonList(locales);
    for (var i = 0; i < list.length; i++) { var m = match(list[i]); if (m) return m; }
    return { locale: "en-US", key: "en" };
  }
  function supported(locales) {
    return canonList(locales).filter(function (t) { return !!match(t); });
  }

  // ------------------------------------------------------------ plural rules
  var CATS = { en: "one other", de: "one other", nl: "one other", fr: "many one other", es: "many one other",
    it: "many one other", pt: "many one other", ru: "few many one other", ja: "other", zh: "other" };
  // s: formatted number without grouping, "." as decimal separator
  function plural(lang, s, ordinal) {
    s = s.replace(/^-/, "");
    // like ICU, the integer operand only keeps the low 18 digits
    var k = s.indexOf("."), fs = k < 0 ? "" : s.slice(k + 1), i = +(k < 0 ? s : s.slice(0, k)).slice(-18), v = fs.length, n = +s;
    var many = i && i % 1000000 === 0 && !v, i10 = i % 10, i100 = i % 100;
    if (ordinal) {
      if (v) return "other";
      if (lang === "en") return i10 === 1 && i100 !== 11 ? "one" : i10 === 2 && i100 !== 12 ? "two" : i10 === 3 && i100 !== 13 ? "few" : "other";
      if (lang === "fr") return n === 1 ? "one" : "other";
      if (lang === "it") return n === 11 || n === 8 || n === 80 || n === 800 ? "many" : "other";
      return "other";
    }
    switch (lang) {
      case "en": case "de": case "nl": return i === 1 && !v ? "one" : "other";
      case "it": return i === 1 && !v ? "one" : many ? "many" : "other";
      case "es": return n === 1 ? "one" : many ? "many" : "other";
      case "fr": case "pt": return i < 2 ? "one" : many ? "many" : "other";
      case "ru":
        if (v) return "other";
        return i10 === 1 && i100 !== 11 ? "one" : i10 >= 2 && i10 <= 4 && (i100 < 12 || i100 > 14) ? "few" : "many";
    }
    return "other";
  }
  // pick a plural form out of "a/b/c" (forms in CATS order; one form = all)
  function form(lang, list, s) {
    var f = list.split("/");
    if (f.length === 1 || s === null) return f[f.length - 1];
    var c = CATS[lang].split(" "), j = c.indexOf(plural(lang, s));
    return f[j < 0 || j >= f.length ? f.length - 1 : j];
  }

  // ------------------------------------------------------------ decimal engine
  // A finite value is { n: negative, d: significant digits (no leading/trailing
  // zeros, "" for zero), e: position of the decimal point } => 0.d * 10^e.
  function dec(x) {
    if (typeof x === "bigint") {
      var bs = x.toString(), bn = bs[0] === "-";
      bs = bs.replace(/^-?0*/, "");
      return norm({ n: bn, d: bs, e: bs.length });
    }
    if (typeof x === "string") {
      var m = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?\s*$/i.exec(x);
      if (m && (m[2] || m[3])) {
        var ip = m[2].replace(/^0+/, ""), fp = m[3] || "", all = ip + fp, lead = all.length - all.replace(/^0+/, "").length;
        return norm({ n: m[1] === "-", d: all.slice(lead), e: ip.length - lead + (+m[4] || 0) });
      }
      x = Number(x);
    }
    x = Number(x);
    if (x !== x) return { nan: true };
    if (!isFinite(x)) return { inf: true, n: x < 0 };
    if (x === 0) return { n: 1 / x < 0, d: "", e: 1 };
    var t = Math.abs(x).toExponential(), k = t.indexOf("e");
    return norm({ n: x < 0, d: t.slice(0, k).replace(".", ""), e: +t.slice(k + 1) + 1 });
  }
  function norm(v) {
    v.d = v.d.replace(/0+$/, "");
    if (!v.d) v.e = 1;
    return v;
  }
  // Round to `pos` digits after the decimal point.
  function rnd(v, pos, mode) {
    var d = v.d, n = v.e + pos;
    if (n >= d.length) return v;
    var kept = n > 0 ? d.slice(0, n) : "", first = n >= 0 ? +d[n] : 0;
    var rest = n >= 0 ? /[1-9]/.test(d.slice(n + 1)) : true;
    var half = first > 5 || (first === 5 && rest) ? 1 : first === 5 ? 0 : -1, any = first > 0 || rest, up;
    switch (mode) {
      case "ceil": up = !v.n && any; break;
      case "floor": up = v.n && any; break;
      case "expand": up = any; break;
      case "trunc": up = false; break;
      case "halfCeil": up = half > 0 || (!half && !v.n); break;
      case "halfFloor": up = half > 0 || (!half && v.n); break;
      case "halfTrunc": up = half > 0; break;
      case "halfEven": up = half > 0 || (!half && +(kept[n - 1] || 0) % 2 === 1); break;
      default: up = half >= 0;
    }
    if (!up) return norm({ n: v.n, d: kept, e: v.e });
    if (n <= 0) return { n: v.n, d: "1", e: 1 - pos };
    var a = kept.split(""), j = a.length - 1;
    while (j >= 0 && a[j] === "9") a[j--] = "0";
    if (j < 0) return norm({ n: v.n, d: "1" + a.join(""), e: v.e + 1 });
    a[j] = String(+a[j] + 1);
    return norm({ n: v.n, d: a.join(""), e: v.e });
  }
  function scale(v, k) { return v.d ? { n: v.n, d: v.d, e: v.e + k } : v; }
  // Apply the digit options of s; returns { v, minFrac }.
  function roundDigits(v, s) {
    var fPos = s.mxfd, sPos = s.mxsd - v.e, useSig;
    if (s.rt === "s") useSig = true;
    else if (s.rt === "f") useSig = false;
    else useSig = s.rt === "m" ? sPos >= fPos : sPos < fPos;
    var r = useSig ? rnd(v, sPos, s.rm) : rnd(v, fPos, s.rm);
    var minFrac = useSig ? Math.max(0, s.mnsd - r.e) : s.mnfd;
    if (s.tzd === "stripIfInteger" && r.d.length <= r.e) minFrac = 0;
    return { v: r, f: minFrac };
  }
  function digitStrings(v, minFrac, mnid) {
    var d = v.d, e = v.e, ip, fp;
    if (e <= 0) { ip = "0"; fp = repeat0(-e) + d; }
    else { ip = d.slice(0, e) + repeat0(e - d.length); fp = d.slice(e); }
    if (!d) { ip = "0"; fp = ""; }
    while (fp.length < minFrac) fp += "0";
    while (ip.length < mnid) ip = "0" + ip;
    return [ip, fp];
  }
  function repeat0(k) { return k > 0 ? new Array(k + 1).join("0") : ""; }
  return { NBSP: NBSP, has: has, pad: pad, rangeErr: rangeErr, typeErr: typeErr, opts: opts, getStr: getStr,
    getBool: getBool, getNum: getNum, defGetter: defGetter, slot: slot, tag: tag, partsStr: partsStr, push: push,
    rec: rec, resolve: resolve, supported: supported, canonList: canonList, CATS: CATS, plural: plural, form: form,
    dec: dec, norm: norm, rnd: rnd, scale: scale, roundDigits: roundDigits, digitStrings: digitStrings,
    repeat0: repeat0 };
});
