// Capsule guest Intl, NumberFormat: decimal, percent, currency, unit, compact, scientific and engineering notation,
// every digit, rounding, grouping and sign option. Loaded with intl.js through the prelude's guestFile power.
// Plain ES2020 global script; completion value: a factory taking the powers and returning what intl.js uses.
// Refuses host access and global state: of the powers it uses only guestFile, at load, hands them to nothing and
// assigns no global.
(function (powers) {
  "use strict";
  var core = powers.guestFile("intl-core"), NBSP = core.NBSP, has = core.has, rangeErr = core.rangeErr,
    typeErr = core.typeErr, opts = core.opts, getStr = core.getStr, getNum = core.getNum, defGetter = core.defGetter,
    slot = core.slot, tag = core.tag, partsStr = core.partsStr, push = core.push, rec = core.rec,
    resolve = core.resolve, supported = core.supported, form = core.form, dec = core.dec, norm = core.norm,
    rnd = core.rnd, scale = core.scale, roundDigits = core.roundDigits, digitStrings = core.digitStrings,
    repeat0 = core.repeat0;

  // ------------------------------------------------------------ NumberFormat
  var UNITS = "kilometer meter kilogram byte kilobyte megabyte second minute hour day percent celsius".split(" ");
  var CURS = "USD EUR GBP JPY CHF CAD AUD CNY INR BRL".split(" ");
  function curDigits(c) { return /^(JPY|KRW|VND|CLP|ISK|PYG|UGX|XAF|XOF|XPF)$/.test(c) ? 0 : /^(BHD|IQD|JOD|KWD|LYD|OMR|TND)$/.test(c) ? 3 : 2; }
  var NF = "Intl.NumberFormat";

  function NumberFormat(locales, options) {
    var self = this instanceof NumberFormat ? this : Object.create(NumberFormat.prototype);
    var r = resolve(locales), o = opts(options), s = slot(self, { locale: r.locale, L: rec(r.key) });
    getStr(o, "localeMatcher", "lookup best fit", "", NF);
    getStr(o, "numberingSystem", null, "", NF);
    var st = s.style = getStr(o, "style", "decimal percent currency unit", "decimal", NF);
    var cur = getStr(o, "currency", null, undefined, NF);
    if (cur !== undefined && !/^[A-Za-z]{3}$/.test(cur)) throw rangeErr("Invalid currency code : " + cur);
    var cd = getStr(o, "currencyDisplay", "code symbol narrowSymbol name", "symbol", NF);
    var cs = getStr(o, "currencySign", "standard accounting", "standard", NF);
    var unit = getStr(o, "unit", null, undefined, NF);
    var ud = getStr(o, "unitDisplay", "short narrow long", "short", NF);
    if (st === "currency") {
      if (cur === undefined) throw typeErr("Currency code is required with currency style.");
      s.currency = cur.toUpperCase(); s.cd = cd; s.cs = cs;
    }
    if (st === "unit") {
      if (unit === undefined) throw typeErr("Unit is required with unit style.");
      if (UNITS.indexOf(unit) < 0) throw rangeErr("Invalid unit argument for Intl.NumberFormat() '" + unit + "'");
      s.unit = unit; s.ud = ud;
    }
    var not = s.not = getStr(o, "notation", "standard scientific engineering compact", "standard", NF);
    // digit options (ECMA-402 SetNumberFormatDigitOptions)
    var cdig = st === "currency" && not !== "compact" ? curDigits(s.currency) : 0;
    var mnfdD = cdig, mxfdD = st === "currency" && not !== "compact" ? cdig : st === "percent" ? 0 : 3;
    s.mnid = getNum(o, "minimumIntegerDigits", 1, 21, 1);
    var mnfd = o.minimumFractionDigits, mxfd = o.maximumFractionDigits, mnsd = o.minimumSignificantDigits, mxsd = o.maximumSignificantDigits;
    s.ri = getNum(o, "roundingIncrement", 1, 5000, 1);
    if ([1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000].indexOf(s.ri) < 0) throw rangeErr("roundingIncrement value is out of range.");
    if (s.ri !== 1) mxfdD = mnfdD;
    s.rm = getStr(o, "roundingMode", "ceil floor expand trunc halfCeil halfFloor halfExpand halfTrunc halfEven", "halfExpand", NF);
    var rp = s.rp = getStr(o, "roundingPriority", "auto morePrecision lessPrecision", "auto", NF);
    s.tzd = getStr(o, "trailingZeroDisplay", "auto stripIfInteger", "auto", NF);
    var hasSd = mnsd !== undefined || mxsd !== undefined, hasFd = mnfd !== undefined || mxfd !== undefined;
    var needSd = true, needFd = true;
    if (rp === "auto") { needSd = hasSd; if (needSd || (!hasFd && not === "compact")) needFd = false; }
    if (needSd) {
      s.mnsd = getNum(o, "minimumSignificantDigits", 1, 21, 1);
      s.mxsd = getNum(o, "maximumSignificantDigits", s.mnsd, 21, 21);
    }
    if (needFd) {
      if (hasFd) {
        mnfd = getNum(o, "minimumFractionDigits", 0, 100, undefined);
        mxfd = getNum(o, "maximumFractionDigits", 0, 100, undefined);
        if (mnfd === undefined) mnfd = Math.min(mnfdD, mxfd);
        else if (mxfd === undefined) mxfd = Math.max(mxfdD, mnfd);
        else if (mnfd > mxfd) throw rangeErr("maximumFractionDigits value is out of range.");
        s.mnfd = mnfd; s.mxfd = mxfd;
      } else { s.mnfd = mnfdD; s.mxfd = mxfdD; }
    }
    if (!needSd && !needFd) { s.mnfd = 0; s.mxfd = 0; s.mnsd = 1; s.mxsd = 2; s.rt = "m"; s.rp = "morePrecision"; }
    else s.rt = rp === "auto" ? (needSd ? "s" : "f") : rp === "morePrecision" ? "m" : "l";
    if (s.ri !== 1 && s.rt !== "f") throw typeErr("RoundingType is not fractionDigits");
    if (s.ri !== 1 && s.mnfd !== s.mxfd) throw rangeErr("maximumFractionDigits not equal to minimumFractionDigits");
    s.cpd = not === "compact" ? getStr(o, "compactDisplay", "short long", "short", NF) : undefined;
    var g = o.useGrouping, gd = not === "compact" ? "min2" : "auto";
    if (g === undefined || g === "true" || g === "false") g = gd;
    else if (g === true) g = "always";
    else if (g !== false && !g) g = false;
    else if (g !== false) { g = String(g); if (["min2", "auto", "always"].indexOf(g) < 0) throw rangeErr("Value " + g + " out of range for " + NF + " options property useGrouping"); }
    s.grp = g;
    s.sd = getStr(o, "signDisplay", "auto never always exceptZero negative", "auto", NF);
    return self;
  }
  NumberFormat.supportedLocalesOf = supported;
  tag(NumberFormat, NF);
  defGetter(NumberFormat.prototype, "format", function (x) { return partsStr(nfParts(this._s, x)); });
  NumberFormat.prototype.formatToParts = function (x) { return nfParts(this._s, x); };
  NumberFormat.prototype.resolvedOptions = function () {
    var s = this._s, o = {};
    "locale numberingSystem style currency currencyDisplay currencySign unit unitDisplay minimumIntegerDigits".split(" ").forEach(function (k, i) {
      var v = [s.locale, "latn", s.style, s.currency, s.cd, s.cs, s.unit, s.ud, s.mnid][i];
      if (v !== undefined) o[k] = v;
    });
    if (s.rt !== "f") { o.minimumSignificantDigits = s.mnsd; o.maximumSignificantDigits = s.mxsd; }
    if (s.rt !== "s") { o.minimumFractionDigits = s.mnfd; o.maximumFractionDigits = s.mxfd; }
    o.useGrouping = s.grp; o.notation = s.not;
    if (s.cpd) o.compactDisplay = s.cpd;
    o.signDisplay = s.sd; o.roundingMode = s.rm; o.roundingIncrement = s.ri; o.trailingZeroDisplay = s.tzd; o.roundingPriority = s.rp;
    return o;
  };

  function groups(s, L, grp) {
    var mg = grp === "always" ? 1 : grp === "min2" ? 2 : +L.mg;
    if (grp === false || s.length < 3 + mg) return [s];
    var out = [s.slice(-3)], rest = s.slice(0, -3), g = L.g2 ? 2 : 3;
    while (rest.length > g) { out.unshift(rest.slice(-g)); rest = rest.slice(0, -g); }
    out.unshift(rest);
    return out;
  }
  function compactTable(L, k) {
    var c = has(L, "_" + k) && L["_" + k];
    if (!c) c = L["_" + k] = L[k].split(";").map(function (e) {
      var a = e.split(":"), f = a.slice(2).join(":").split("/"), x = f.filter(function (y) { return y[0] === "="; })[0];
      return { m: +a[0], div: +a[1], f: f.filter(function (y) { return y[0] !== "="; }).join("/"), x: x && x.slice(1) };
    });
    return c;
  }
  function pickEnt(t, mag) {
    var r = { div: 0 };
    for (var i = 0; i < t.length; i++) if (t[i].m <= mag) r = t[i];
    return r;
  }
  function roundInc(v, s) { // roundingIncrement: round to a multiple of ri * 10^-mxfd
    var q = dec(Number((v.n ? "-" : "") + "0." + (v.d || "0") + "e" + v.e) / s.ri * Math.pow(10, s.mxfd));
    q = rnd(q, 0, s.rm);
    var b = q.d ? String(BigInt(q.d + repeat0(q.e - q.d.length)) * BigInt(s.ri)) : "";
    return { v: norm({ n: v.n, d: b, e: b.length - s.mxfd }), f: s.mnfd };
  }

  function nfParts(s, x) {
    var L = s.L, v = dec(x), st = s.style, np = [], zero = false, disp = null, neg = !!v.n;
    if (v.nan) np.push({ type: "nan", value: L.nan || "NaN" });
    else if (v.inf) np.push({ type: "infinity", value: "\u221e" });
    else {
      if (st === "percent") v = scale(v, 2);
      var rr, E = null, ent = null;
      if (s.not === "scientific" || s.not === "engineering") {
        var eng = s.not === "engineering", ee = function (k) { return eng ? Math.floor(k / 3) * 3 : k; };
        E = v.d ? ee(v.e - 1) : 0;
        rr = roundDigits(scale(v, -E), s);
        if (rr.v.d && rr.v.e - 1 + E > E + (eng ? 2 : 0)) { E = ee(rr.v.e - 1 + E); rr = roundDigits(scale(v, -E), s); }
      } else if (s.not === "compact") {
        var t = compactTable(L, s.cpd === "long" ? "kl" : "ks"), mag = v.d ? v.e - 1 : 0;
        ent = pickEnt(t, mag);
        rr = roundDigits(scale(v, -ent.div), s);
        if (rr.v.d && rr.v.e - 1 + ent.div > mag) {
          var e2 = pickEnt(t, rr.v.e - 1 + ent.div);
          if (e2 !== ent) { ent = e2; rr = roundDigits(scale(v, -ent.div), s); }
        }
      } else rr = s.ri > 1 ? roundInc(v, s) : roundDigits(v, s);
      var ds = digitStrings(rr.v, rr.f, s.mnid);
      zero = !rr.v.d;
      disp = ds[0] + (ds[1] ? "." + ds[1] : "");
      groups(ds[0], L, s.grp).forEach(function (x, i) {
        if (i) np.push({ type: "group", value: L.n[1] });
        np.push({ type: "integer", value: x });
      });
      if (ds[1]) np.push({ type: "decimal", value: L.n[0] }, { type: "fraction", value: ds[1] });
      if (E !== null) {
        np.push({ type: "exponentSeparator", value: "E" });
        if (E < 0) np.push({ type: "exponentMinusSign", value: "-" });
        np.push({ type: "exponentInteger", value: String(Math.abs(E)) });
      }
      if (ent && ent.div) {
        if (ent.x && disp === "1") np = [{ type: "compact", value: ent.x }];
        else {
          var a = form(L.lang, ent.f, disp), sp = /^\s*/.exec(a)[0];
          if (sp) np.push({ type: "literal", value: sp });
          if (a.length > sp.length) np.push({ type: "compact", value: a.slice(sp.length) });
        }
      }
    }
    var sign = { auto: neg ? "-" : "", always: neg ? "-" : "+", exceptZero: zero || v.nan ? "" : neg ? "-" : "+",
      negative: neg && !zero ? "-" : "", never: "" }[s.sd];
    var pat, cur = "", unitMode = false;
    if (st === "currency") {
      var c = s.currency;
      if (s.cd === "name") { pat = L.cq; cur = L["#" + c] ? form(L.lang, L["#" + c], disp) : c; }
      else {
        pat = ent && L.ccp || L.cp;
        var sym = (L["$" + c] || c).split("/");
        cur = s.cd === "code" ? c : s.cd === "narrowSymbol" ? sym[1] || sym[0] : sym[0];
      }
    } else if (st === "percent") {
      pat = L.pp;
      if (ent) { pat = L.kp || pat; unitMode = true; } // ICU formats compact percentages as a unit
    } else if (st === "unit") {
      pat = form(L.lang, L["u" + s.ud[0] + s.unit], disp);
      unitMode = true;
    } else pat = "-#";
    var out = [];
    if (unitMode) {
      pat.replace("-", "").split("#").forEach(function (seg, k) {
        if (k) {
          if (sign) out.push({ type: sign === "-" ? "minusSign" : "plusSign", value: sign });
          for (var j = 0; j < np.length; j++) out.push(np[j]);
        }
        var m = /^(\s*)(.*?)(\s*)$/.exec(seg);
        push(out, "literal", m[1]);
        if (m[2]) out.push({ type: "unit", value: m[2] });
        push(out, "literal", m[3]);
      });
      pat = "";
    }
    for (var i = 0; i < pat.length; i++) {
      var ch = pat[i];
      if (ch === "#") for (var j = 0; j < np.length; j++) out.push(np[j]);
      else if (ch === "-") { if (sign) out.push({ type: sign === "-" ? "minusSign" : "plusSign", value: sign }); }
      else if (ch === "%") out.push({ type: "percentSign", value: "%" });
      else if (ch === "\u00a4") {
        // ICU currency spacing: a letter-like symbol touching the digits gets a no-break space
        if (s.cd !== "name" && !v.nan && !v.inf && pat[i - 1] === "#" && /^[^\s$\u00a2-\u00a5\u20a0-\u20cf\uffe0-\uffe6]/.test(cur)) push(out, "literal", NBSP);
        out.push({ type: "currency", value: cur });
        if (s.cd !== "name" && !v.nan && !v.inf && /^-?#/.test(pat.slice(i + 1)) && /[^\s$\u00a2-\u00a5\u20a0-\u20cf\uffe0-\uffe6]$/.test(cur)) push(out, "literal", NBSP);
      } else push(out, "literal", ch);
    }
    out.d = disp;
    return out;
  }
  return { UNITS: UNITS, CURS: CURS, NumberFormat: NumberFormat, nfParts: nfParts };
});
