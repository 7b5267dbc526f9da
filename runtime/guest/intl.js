// Capsule guest polyfill: a compact, deterministic Intl for QuickJS, evaluated the first time a guest touches Intl or
// a toLocale* method: the Intl namespace and the helpers behind Number/BigInt/Date toLocale*String and
// String#localeCompare. Its parts load with it through the prelude's guestFile power, each once: intl-core.js
// (helpers, locales, plural rules, decimals; it takes the locale data of intl-data-1.js to intl-data-3.js),
// intl-number.js, intl-date.js and intl-services.js — split by concern so each file stays under 400 lines.
// Plain ES2020 global script; completion value: a factory taking the powers and returning { Intl, helpers }.
// Refuses host access and global state: of the powers it uses only guestFile, at load, hands them to nothing and
// assigns no global.
(function (powers) {
  "use strict";
  var core = powers.guestFile("intl-core"), rangeErr = core.rangeErr, partsStr = core.partsStr,
    canonList = core.canonList;
  var number = powers.guestFile("intl-number"), UNITS = number.UNITS, CURS = number.CURS,
    NumberFormat = number.NumberFormat, nfParts = number.nfParts;
  var date = powers.guestFile("intl-date"), DateTimeFormat = date.DateTimeFormat, dtfInit = date.dtfInit,
    dtParts = date.dtParts, dtStr = date.dtStr;
  var services = powers.guestFile("intl-services"), PluralRules = services.PluralRules, Collator = services.Collator,
    RelativeTimeFormat = services.RelativeTimeFormat, ListFormat = services.ListFormat;

  // ------------------------------------------------------------ Intl + helpers
  var Intl = {
    getCanonicalLocales: function (l) { return canonList(l); },
    supportedValuesOf: function (k) {
      var v = { calendar: ["gregory"], collation: ["default"], currency: CURS.slice().sort(), numberingSystem: ["latn"],
        timeZone: ["UTC"], unit: UNITS.slice().sort() }[k];
      if (!v) throw rangeErr("Invalid key : " + k);
      return v.slice();
    },
    NumberFormat: NumberFormat, DateTimeFormat: DateTimeFormat, PluralRules: PluralRules, Collator: Collator,
    RelativeTimeFormat: RelativeTimeFormat, ListFormat: ListFormat
  };
  Object.defineProperty(Intl, Symbol.toStringTag, { value: "Intl", configurable: true });
  // built-in style: methods, statics and namespace members are non-enumerable
  [Intl, NumberFormat, DateTimeFormat, PluralRules, Collator, RelativeTimeFormat, ListFormat].forEach(function (o) {
    [o, o.prototype].forEach(function (t) {
      if (t) Object.keys(t).forEach(function (k) { Object.defineProperty(t, k, { enumerable: false }); });
    });
  });
  var cache = {};
  function cached(kind, locales, options, make) {
    if (options !== undefined || (locales !== undefined && typeof locales !== "string")) return make();
    var k = kind + String(locales);
    return cache[k] || (cache[k] = make());
  }
  function numberToLocaleString(x, locales, options) {
    if (x !== null && typeof x === "object") x = x.valueOf();
    return partsStr(nfParts(cached("n", locales, options, function () { return new NumberFormat(locales, options); })._s, x));
  }
  function dateFn(req, defs) {
    return function (d, locales, options) {
      var t = Number(d instanceof Date ? d.getTime() : d);
      if (t !== t) return "Invalid Date";
      var f = cached(req, locales, options, function () { return dtfInit(Object.create(DateTimeFormat.prototype), locales, options, req, defs); });
      return dtStr(dtParts(f._s, t));
    };
  }
  function stringLocaleCompare(a, b, locales, options) {
    return cached("c", locales, options, function () { return new Collator(locales, options); }).compare(String(a), String(b));
  }
  return {
    Intl: Intl,
    numberToLocaleString: numberToLocaleString,
    dateToLocaleString: dateFn("any", "all"),
    dateToLocaleDateString: dateFn("date", "date"),
    dateToLocaleTimeString: dateFn("time", "time"),
    stringLocaleCompare: stringLocaleCompare
  };
});
