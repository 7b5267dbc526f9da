// Capsule guest Intl, PluralRules, Collator (a simplified UCA), RelativeTimeFormat and ListFormat. Loaded with intl.js
// through the prelude's guestFile power.
// Plain ES2020 global script; completion value: a factory taking the powers and returning what intl.js uses.
// Refuses host access and global state: of the powers it uses only guestFile, at load, hands them to nothing and
// assigns no global.
(function (powers) {
  "use strict";
  var core = powers.guestFile("intl-core"), rangeErr = core.rangeErr, typeErr = core.typeErr, opts = core.opts,
    getStr = core.getStr, getBool = core.getBool, defGetter = core.defGetter, slot = core.slot, tag = core.tag,
    partsStr = core.partsStr, push = core.push, rec = core.rec, resolve = core.resolve, supported = core.supported,
    CATS = core.CATS, plural = core.plural, form = core.form;
  var number = powers.guestFile("intl-number"), NumberFormat = number.NumberFormat, nfParts = number.nfParts;

  // ------------------------------------------------------------ PluralRules
  function needNew(t, n) { if (!t) throw typeErr("Constructor Intl." + n + " requires 'new'"); }
  function PluralRules(locales, options) {
    needNew(this instanceof PluralRules, "PluralRules");
    var r = resolve(locales), o = opts(options), nfo = {};
    var s = slot(this, { locale: r.key.split("-")[0], L: rec(r.key), type: getStr(o, "type", "cardinal ordinal", "cardinal", "Intl.PluralRules") });
    "minimumIntegerDigits minimumFractionDigits maximumFractionDigits minimumSignificantDigits maximumSignificantDigits roundingPriority roundingMode roundingIncrement trailingZeroDisplay".split(" ").forEach(function (k) { if (o[k] !== undefined) nfo[k] = o[k]; });
    s.nf = new NumberFormat(r.locale, nfo)._s;
  }
  function prCats(s) {
    var l = s.L.lang;
    if (s.type === "ordinal") return (l === "en" ? "few one two other" : l === "fr" ? "one other" : l === "it" ? "many other" : "other").split(" ");
    return CATS[l].split(" ");
  }
  PluralRules.supportedLocalesOf = supported;
  tag(PluralRules, "Intl.PluralRules");
  PluralRules.prototype.select = function (n) {
    var s = this._s, x = Number(n);
    if (!isFinite(x)) return "other";
    return plural(s.L.lang, nfParts(s.nf, x).d, s.type === "ordinal");
  };
  PluralRules.prototype.selectRange = function (a, b) { return this.select(b); };
  PluralRules.prototype.resolvedOptions = function () {
    var s = this._s, n = s.nf, o = { locale: s.locale, type: s.type, minimumIntegerDigits: n.mnid };
    if (n.rt !== "s") { o.minimumFractionDigits = n.mnfd; o.maximumFractionDigits = n.mxfd; }
    if (n.rt !== "f") { o.minimumSignificantDigits = n.mnsd; o.maximumSignificantDigits = n.mxsd; }
    o.pluralCategories = prCats(s);
    return o;
  };

  // ------------------------------------------------------------ Collator
  // Simplified UCA: primary = base letters (compatibility-decomposed, case
  // folded, diacritics stripped, a few letters expanded), secondary = accents
  // in ICU's order, tertiary = case. ICU's orders of ASCII-ish punctuation and of
  // the combining marks below were extracted from Node 20 / ICU 78.
  var PUN = "_-\u2013\u2014,;:!\u00a1?\u00bf.\u2026\u00b7'\u2018\u2019\u201a\u2039\u203a\"\u201c\u201d\u201e\u00ab\u00bb()[]{}\u00a7\u00b6@*/\\&#%\u2022`\u00b4^\u00af\u00a8\u00b8\u00b0\u00a9\u00ae+\u00b1\u00f7\u00d7<=>\u00ac|\u00a6~\u00a4\u00a2$\u00a3\u00a5\u20ac\u2122";
  var MARKS = "\u034f\u0332\u0313\u0343\u0314\u0301\u0341\u0300\u0340\u0306\u0302\u030c\u030a\u0342\u0308\u0344\u030b\u0303\u0307\u0338\u0327\u0328\u0304\u030d\u030e\u0312\u0315\u031a\u033d\u033e\u033f\u0346\u034a\u034b\u034c\u0350\u0351\u0352\u0357\u035b\u035d\u035e\u0316\u0317\u0318\u0319\u031c\u031d\u031e\u031f\u0320\u0329\u032a\u032b\u032c\u032f\u0333\u033a\u033b\u033c\u0347\u0348\u0349\u034d\u034e\u0353\u0354\u0355\u0356\u0359\u035a\u035c\u035f\u0362\u0336\u0337\u0335\u0305\u0309\u030f\u0310\u0311\u031b\u0321\u0322\u0323\u0324\u0325\u0326\u032d\u032e\u0330\u0331\u0334\u0339\u0345\u0358\u0360\u0361\u0363\u0368\u0369\u0364\u036a\u0365\u036b\u0366\u036c\u036d\u0367\u036e\u036f";
  // letters with a stroke sort as base + overlay mark; some are their own letter right after a base
  var FOLD = { "\u00f8": "o\u0338", "\u0111": "d\u0335", "\u0142": "l\u0337", "\u0127": "h\u0335" };
  var SEP = { "\u0131": "i", "\u014b": "n", "\u00f0": "d" };
  var EXP = { "\u00e6": "ae", "\u0153": "oe", "\u00df": "ss", "\u03c2": "\u03c3" }; // tertiary variants
  function colKey(str, s) {
    str = String(str);
    var cache = s.cache, key = cache.get(str);
    if (key) return key;
    var t = str.normalize("NFKD").replace(/[\u00f8\u00d8\u0111\u0110\u0142\u0141\u0127\u0126]/g, function (c) {
      var f = FOLD[c.toLowerCase()];
      return c === c.toLowerCase() ? f : f[0].toUpperCase() + f.slice(1);
    }), P = [], A = [], C = [], i = 0, m;
    if (s.L.lang === "es") t = t.replace(/([nN])\u0303/g, "$1\u0000");
    while (i < t.length) {
      var cp = t.codePointAt(i), ch = cp > 0xffff ? String.fromCodePoint(cp) : t[i];
      i += ch.length;
      if ((cp >= 0x300 && cp <= 0x36f) || !cp) {
        if (!cp) P[P.length - 1] += 0.5;
        else if (A.length) { var w = MARKS.indexOf(ch); A[A.length - 1] += String.fromCharCode(w < 0 ? 0x200 + cp : 0x100 + w); }
        continue;
      }
      if (cp >= 48 && cp <= 57) {
        if (s.numeric) {
          m = /^[0-9]*/.exec(t.slice(i))[0];
          var run = (ch + m).replace(/^0+(?=.)/, "");
          i += m.length;
          P.push(3e6 + run.length); A.push(""); C.push(0);
          for (var j = 0; j < run.length; j++) { P.push(3e6 + 100 + +run[j]); A.push(""); C.push(0); }
        } else { P.push(3e6 + 52 + cp); A.push(""); C.push(0); }
        continue;
      }
      var lo = ch.toLowerCase(), up = lo !== ch ? 1 : 0;
      if (!up && ch.toUpperCase() === ch && !/\p{L}/u.test(ch)) {
        if (s.ip && /[\s\p{P}]/u.test(ch)) continue; // only spaces and punctuation are "variable"
        var k = PUN.indexOf(ch);
        P.push(/\s/.test(ch) ? 1e6 + cp : k >= 0 ? 2e6 + 2 * k : /\p{N}/u.test(ch) ? 3e6 + 200 + cp / 1e7 : 2e6 + 2 * PUN.indexOf("~") + 1 + cp / 1e7);
        A.push(""); C.push(0);
        continue;
      }
      var e = EXP[lo] || SEP[lo] || lo;
      for (var q = 0; q < e.length; q++) {
        var code = e.charCodeAt(q);
        P.push((code < 0x250 ? 4e6 : 5e6) + code + (SEP[lo] ? 0.5 : 0)); A.push(EXP[lo] ? "\uffff" : ""); C.push(up);
      }
    }
    if (cache.size > 2000) cache.clear();
    cache.set(str, key = { p: P, a: A, c: C });
    return key;
  }
  function cmpArr(x, y) {
    for (var i = 0; i < x.length && i < y.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
  }
  function Collator(locales, options) {
    var self = this instanceof Collator ? this : Object.create(Collator.prototype);
    var r = resolve(locales), o = opts(options), W = "Intl.Collator";
    var s = slot(self, { locale: r.locale, L: rec(r.key) });
    s.usage = getStr(o, "usage", "sort search", "sort", W);
    getStr(o, "localeMatcher", "lookup best fit", "", W);
    getStr(o, "collation", null, "", W);
    var num = getBool(o, "numeric");
    s.numeric = !!num;
    s.cf = getStr(o, "caseFirst", "upper lower false", "false", W);
    s.sens = getStr(o, "sensitivity", "base accent case variant", "variant", W);
    s.ip = !!getBool(o, "ignorePunctuation");
    s.cache = new Map();
    return self;
  }
  Collator.supportedLocalesOf = supported;
  tag(Collator, "Intl.Collator");
  defGetter(Collator.prototype, "compare", function (a, b) {
    var s = this._s, x = colKey(a, s), y = colKey(b, s), c = cmpArr(x.p, y.p);
    if (c || s.sens === "base") return c;
    if (s.sens !== "case" && (c = cmpArr(x.a, y.a))) return c;
    if (s.sens !== "accent" && (c = cmpArr(x.c, y.c))) return s.cf === "upper" ? -c : c;
    // remaining tertiary differences: compatibility variants such as "\ufb01" vs "fi"
    x = String(a).normalize("NFD"); y = String(b).normalize("NFD");
    if (s.sens !== "variant" || x.normalize("NFKD") !== y.normalize("NFKD")) return 0;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  Collator.prototype.resolvedOptions = function () {
    var s = this._s;
    return { locale: s.locale, usage: s.usage, sensitivity: s.sens, ignorePunctuation: s.ip, collation: "default", numeric: s.numeric, caseFirst: s.cf };
  };

  // ------------------------------------------------------------ RelativeTimeFormat
  var RTU = "year quarter month week day hour minute second".split(" ");
  function RelativeTimeFormat(locales, options) {
    needNew(this instanceof RelativeTimeFormat, "RelativeTimeFormat");
    var r = resolve(locales), o = opts(options), W = "Intl.RelativeTimeFormat";
    getStr(o, "localeMatcher", "lookup best fit", "", W);
    getStr(o, "numberingSystem", null, "", W);
    slot(this, { locale: r.locale, L: rec(r.key), style: getStr(o, "style", "long short narrow", "long", W),
      numeric: getStr(o, "numeric", "always auto", "always", W), nf: new NumberFormat(r.locale)._s });
  }
  function rtParts(s, value, unit) {
    var u = String(unit), k = RTU.indexOf(u.replace(/s$/, ""));
    if (k < 0) throw rangeErr("Invalid unit argument for format() '" + u + "'");
    var x = Number(value);
    if (!isFinite(x)) throw rangeErr("Invalid number value");
    // "r?" data: "past|future" templates (or empty), then per unit "nouns|auto" or "past|future|auto"
    var L = s.L, d = L["r" + s.style[0]];
    if (d[0] === "=") d = L[d.slice(1)];
    d = d.split(";");
    var t = d[0] && d[0].split("|"), e = d[k + 1].split("|"), neg = x < 0 || (x === 0 && 1 / x < 0);
    if (s.numeric === "auto" && x >= -2 && x <= 2 && x === Math.round(x)) {
      var ph = e[t ? 1 : 2].split("~")[x + 2];
      if (ph) return [{ type: "literal", value: ph }];
    }
    var np = nfParts(s.nf, Math.abs(x)), w = t ? t[neg ? 0 : 1].replace("{0}", form(L.lang, e[0], np.d)) : form(L.lang, e[neg ? 0 : 1], np.d);
    var p = w.split("#"), out = [];
    push(out, "literal", p[0]);
    np.forEach(function (q) { out.push({ type: q.type, value: q.value, unit: RTU[k] }); });
    push(out, "literal", p[1]);
    return out;
  }
  RelativeTimeFormat.supportedLocalesOf = supported;
  tag(RelativeTimeFormat, "Intl.RelativeTimeFormat");
  RelativeTimeFormat.prototype.format = function (v, u) { return partsStr(rtParts(this._s, v, u)); };
  RelativeTimeFormat.prototype.formatToParts = function (v, u) { return rtParts(this._s, v, u); };
  RelativeTimeFormat.prototype.resolvedOptions = function () {
    var s = this._s;
    return { locale: s.locale, style: s.style, numeric: s.numeric, numberingSystem: "latn" };
  };

  // ------------------------------------------------------------ ListFormat
  function ListFormat(locales, options) {
    needNew(this instanceof ListFormat, "ListFormat");
    var r = resolve(locales), o = opts(options), W = "Intl.ListFormat";
    getStr(o, "localeMatcher", "lookup best fit", "", W);
    slot(this, { locale: r.locale, L: rec(r.key), type: getStr(o, "type", "conjunction disjunction unit", "conjunction", W),
      style: getStr(o, "style", "long short narrow", "long", W) });
  }
  function lfParts(s, list) {
    var a = [], out = [];
    if (list !== undefined) for (var it = list[Symbol.iterator](), n; !(n = it.next()).done;) {
      if (typeof n.value !== "string") throw typeErr("Iterable yielded " + String(n.value) + " which is not a string");
      a.push(n.value);
    }
    var sep = s.L["l" + s.type[0] + s.style[0]].split("|");
    a.forEach(function (x, i) {
      if (i) {
        var g = a.length === 2 ? sep[0] : i === 1 ? sep[1] : i === a.length - 1 ? sep[3] : sep[2];
        if (s.L.lang === "es") {
          if (g === " y " && /^h?i(?![aeiou\u00e1\u00e9\u00ed\u00f3\u00fa])/i.test(x)) g = " e ";
          if (g === " o " && /^(h?o|8|11(?!\d))/i.test(x)) g = " u ";
        }
        push(out, "literal", g);
      }
      out.push({ type: "element", value: x });
    });
    return out;
  }
  ListFormat.supportedLocalesOf = supported;
  tag(ListFormat, "Intl.ListFormat");
  ListFormat.prototype.format = function (l) { return partsStr(lfParts(this._s, l)); };
  ListFormat.prototype.formatToParts = function (l) { return lfParts(this._s, l); };
  ListFormat.prototype.resolvedOptions = function () {
    var s = this._s;
    return { locale: s.locale, type: s.type, style: s.style };
  };
  return { PluralRules: PluralRules, Collator: Collator, RelativeTimeFormat: RelativeTimeFormat,
    ListFormat: ListFormat };
});
