// Capsule guest URL and URLSearchParams, evaluated the first time a guest touches either name: the URL class (its
// accessors run the parser with the standard's state overrides) and URLSearchParams with
// application/x-www-form-urlencoded. URL records are parsed and serialized by url-parser.js, hosts and
// percent-encoding are in url-host.js; it loads both through the prelude's guestFile power. Plain ES2020 global
// script; completion value: a factory taking the prelude's powers and returning { URL, URLSearchParams }.
// Refuses host access and global state: of the powers it uses only guestFile, at load, hands them to nothing and
// assigns no global.
(function (powers) {
  "use strict";
  const { usv, encode, decode, USERINFO, FORM } = powers.guestFile("url-host");
  const {
    parse, serialize, origin, pathname, hostPort, opaquePath, cannotHaveCredentials, stripTrailingSpaces,
  } = powers.guestFile("url-parser");

  // ---- application/x-www-form-urlencoded
  const plus = (s) => decode(s.replace(/\+/g, " "));
  const parseForm = (s) => s.split("&").filter((seq) => seq !== "").map((seq) => {
    const eq = seq.indexOf("=");
    return eq < 0 ? [plus(seq), ""] : [plus(seq.slice(0, eq)), plus(seq.slice(eq + 1))];
  });
  const formEncode = (s) => encode(s, FORM).replace(/ /g, "+");
  const serializeForm = (list) => list.map((e) => formEncode(e[0]) + "=" + formEncode(e[1])).join("&");

  // ---- the classes, whose state lives in these maps, out of the guest's reach. Errors carry Node's codes.
  const URLS = new WeakMap(), PARAMS = new WeakMap();
  const typeError = (message, code, extra) => Object.assign(new TypeError(message), { code }, extra);
  const required = (given, names) => {
    if (given.length >= names.length) return;
    const which = names.map((n) => `"${n}"`).join(" and ") + (names.length > 1 ? " arguments" : " argument");
    throw typeError(`The ${which} must be specified`, "ERR_MISSING_ARGS");
  };
  const brand = (map, message, code) => (self) => {
    const state = map.get(self);
    if (!state) throw typeError(message, code);
    return state;
  };
  const record = brand(URLS, "Receiver must be an instance of class URL");
  const params = brand(PARAMS, 'Value of "this" must be of type URLSearchParams', "ERR_INVALID_THIS");
  const define = (target, members, tag) => Object.defineProperties(target, {
    ...Object.getOwnPropertyDescriptors(members), [Symbol.toStringTag]: { value: tag, configurable: true },
  });
  const invalid = (input, base) =>
    typeError("Invalid URL", "ERR_INVALID_URL", base === undefined ? { input } : { input, base });
  const parseWithBase = (url, base) => {
    const parsedBase = base === undefined ? null : parse(usv(base));
    return base !== undefined && !parsedBase ? null : parse(usv(url), parsedBase);
  };
  const attach = (self, url) => {
    URLS.set(self, url);
    url.params = new URLSearchParams();
    Object.assign(PARAMS.get(url.params), { list: parseForm(url.q || ""), url });
    return self;
  };
  class URL {
    constructor(url, base = undefined) {
      required(arguments, ["url"]);
      const parsed = parseWithBase(url, base);
      if (!parsed) throw invalid(usv(url), base === undefined ? base : usv(base));
      attach(this, parsed);
    }
    static canParse(url, base = undefined) {
      required(arguments, ["url"]);
      return parseWithBase(url, base) !== null;
    }
    static parse(url, base = undefined) {
      required(arguments, ["url"]);
      const parsed = parseWithBase(url, base);
      return parsed && attach(Object.create(URL.prototype), parsed);
    }
  }
  // The setters run the parser with a state override on the URL's own record, unless the standard returns first.
  const setCredential = (url, field, value) => {
    if (!cannotHaveCredentials(url)) url[field] = encode(value, USERINFO);
  };
  const setHost = (url, value, state) => {
    if (!opaquePath(url)) parse(value, null, url, state);
  };
  const setOptional = (url, field, value, prefix, state) => {
    url[field] = value === "" ? null : "";
    if (value === "") stripTrailingSpaces(url);
    else parse(value[0] === prefix ? value.slice(1) : value, null, url, state);
  };
  define(URL.prototype, {
    toString() { return serialize(record(this)); },
    get href() { return serialize(record(this)); },
    set href(value) {
      const url = record(this), parsed = parse(usv(value));
      if (!parsed) throw invalid(usv(value));
      PARAMS.get(Object.assign(url, parsed).params).list = parseForm(url.q || "");
    },
    get origin() { return origin(record(this)); },
    get protocol() { return record(this).s + ":"; },
    set protocol(value) { parse(usv(value) + ":", null, record(this), "schemeStart"); },
    get username() { return record(this).u; },
    set username(value) { setCredential(record(this), "u", usv(value)); },
    get password() { return record(this).pw; },
    set password(value) { setCredential(record(this), "pw", usv(value)); },
    get host() { const url = record(this); return url.h === null ? "" : hostPort(url); },
    set host(value) { setHost(record(this), usv(value), "host"); },
    get hostname() { return record(this).h ?? ""; },
    set hostname(value) { setHost(record(this), usv(value), "hostname"); },
    get port() { return `${record(this).port ?? ""}`; },
    set port(value) {
      const url = record(this), v = usv(value);
      if (cannotHaveCredentials(url)) return;
      if (v === "") url.port = null;
      else parse(v, null, url, "port");
    },
    get pathname() { return pathname(record(this)); },
    set pathname(value) {
      const url = record(this), v = usv(value);
      if (opaquePath(url)) return;
      url.p = [];
      parse(v, null, url, "pathStart");
    },
    get search() { return record(this).q ? "?" + record(this).q : ""; },
    set search(value) {
      const url = record(this);
      setOptional(url, "q", usv(value), "?", "query");
      PARAMS.get(url.params).list = parseForm(url.q || "");
    },
    get searchParams() { return record(this).params; },
    get hash() { return record(this).f ? "#" + record(this).f : ""; },
    set hash(value) { setOptional(record(this), "f", usv(value), "#", "fragment"); },
    toJSON() { return serialize(record(this)); },
  }, "URL");

  // The URL's query follows every change to its searchParams.
  const update = (state) => {
    if (!state.url) return;
    state.url.q = serializeForm(state.list) || null;
    if (state.url.q === null) stripTrailingSpaces(state.url);
  };
  function* iterate(state, kind) {
    for (let i = 0; i < state.list.length; i++) {
      const [name, value] = state.list[i];
      yield kind === "keys" ? name : kind === "values" ? value : [name, value];
    }
  }
  define(iterate.prototype, {}, "URLSearchParams Iterator");
  const object = (v) => v !== null && (typeof v === "object" || typeof v === "function");
  const pair = (p) => {
    const both = object(p) && typeof p[Symbol.iterator] === "function" ? Array.from(p) : [];
    if (both.length === 2) return [usv(both[0]), usv(both[1])];
    throw typeError("Each query pair must be an iterable [name, value] tuple", "ERR_INVALID_TUPLE");
  };
  const fromRecord = (init) => Reflect.ownKeys(init).flatMap((key) => {
    const d = Reflect.getOwnPropertyDescriptor(init, key);
    return d && d.enumerable ? [[usv(key), usv(init[key])]] : [];
  });
  class URLSearchParams {
    constructor(init = undefined) {
      let list;
      if (object(init)) {
        const iterator = init[Symbol.iterator];
        if (iterator !== undefined && typeof iterator !== "function") {
          throw typeError("Query pairs must be iterable", "ERR_ARG_NOT_ITERABLE");
        }
        list = iterator ? Array.from(init, pair) : fromRecord(init);
      } else {
        const s = usv(init ?? "");
        list = parseForm(s[0] === "?" ? s.slice(1) : s);
      }
      PARAMS.set(this, { list, url: null });
    }
  }
  // A method checks its receiver, then its argument count, then converts its arguments (a value may be optional).
  const args = (self, given, names) => {
    const state = params(self);
    required(given, names);
    return [state, usv(given[0]), names.length > 1 || given[1] !== undefined ? usv(given[1]) : undefined];
  };
  define(URLSearchParams.prototype, {
    get size() { return params(this).list.length; },
    append(name, value) {
      const [state, n, v] = args(this, arguments, ["name", "value"]);
      state.list.push([n, v]);
      update(state);
    },
    delete(name, value = undefined) {
      const [state, n, v] = args(this, arguments, ["name"]);
      state.list = state.list.filter((e) => e[0] !== n || (v !== undefined && e[1] !== v));
      update(state);
    },
    get(name) {
      const [state, n] = args(this, arguments, ["name"]), found = state.list.find((e) => e[0] === n);
      return found ? found[1] : null;
    },
    getAll(name) {
      const [state, n] = args(this, arguments, ["name"]);
      return state.list.filter((e) => e[0] === n).map((e) => e[1]);
    },
    has(name, value = undefined) {
      const [state, n, v] = args(this, arguments, ["name"]);
      return state.list.some((e) => e[0] === n && (v === undefined || e[1] === v));
    },
    set(name, value) {
      const [state, n, v] = args(this, arguments, ["name", "value"]), i = state.list.findIndex((e) => e[0] === n);
      if (i < 0) state.list.push([n, v]);
      else {
        state.list[i][1] = v;
        state.list = state.list.filter((e, j) => j <= i || e[0] !== n);
      }
      update(state);
    },
    sort() {
      const state = params(this);
      state.list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      update(state);
    },
    entries() { return iterate(params(this), "entries"); },
    forEach(callback, thisArg = undefined) {
      const state = params(this);
      if (typeof callback !== "function") {
        throw typeError('The "callback" argument must be of type function', "ERR_INVALID_ARG_TYPE");
      }
      for (let i = 0; i < state.list.length; i++) callback.call(thisArg, state.list[i][1], state.list[i][0], this);
    },
    keys() { return iterate(params(this), "keys"); },
    values() { return iterate(params(this), "values"); },
    toString() { return serializeForm(params(this).list); },
  }, "URLSearchParams");
  Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, {
    value: URLSearchParams.prototype.entries, writable: true, configurable: true,
  });
  return { URL, URLSearchParams };
});
