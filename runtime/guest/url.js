// Capsule guest URL and URLSearchParams, evaluated the first time a guest touches either name: the WHATWG URL
// Standard's basic URL parser (its state machine, with the state overrides the setters use), host parsing (IPv4,
// IPv6, opaque hosts, domains to ASCII through punycode), serializer and origin, the URL class, and URLSearchParams
// with application/x-www-form-urlencoded. Plain ES2020 global script; completion value: { URL, URLSearchParams }.
// Refuses host access and global state: it holds no powers and assigns no global. Refuses, as an invalid URL, a
// domain with a code point UTS #46 disallows in the classes it can tell cheaply (controls, format characters, spaces,
// private use, unassigned, a label starting with a mark); the rest of UTS #46 is simplified (see guest/README.md).
(function () {
  "use strict";
  const DEFAULT_PORT = { __proto__: null, ftp: 21, file: null, http: 80, https: 443, ws: 80, wss: 443 };
  // Percent-encode sets, as the code points each one encodes.
  const C0 = /[^\x20-\x7e]/gu, FRAGMENT = /[^\x21-\x7e]|["<>`]/gu, QUERY = /[^\x21-\x7e]|["#<>]/gu;
  const SPECIAL_QUERY = /[^\x21-\x7e]|["#<>']/gu, PATH = /[^\x21-\x7e]|["#<>?`{}]/gu;
  const USERINFO = /[^\x21-\x7e]|["#<>?`{}/:;=@[\\\]^|]/gu, FORM = /[^\w*\-. ]/gu;
  const FORBIDDEN_HOST = /[\0\t\n\r #/:<>?@[\\\]^|]/, FORBIDDEN_DOMAIN = /[\0- #%/:<>?@[\\\]^|\x7f]/;
  const IGNORED =
    /[\xad\u034f\u180b-\u180d\u180f\u200b\u2060\ufe00-\ufe0f\ufeff\u{1bca0}-\u{1bca3}\u{e0100}-\u{e01ef}]/gu;
  const DISALLOWED = /[\p{C}\p{Z}\ufff9-\ufffd]|^\p{M}/u, NON_ASCII = /[^\0-\x7f]/;
  const DRIVE = /^[a-zA-Z][:|]$/, NORMALIZED_DRIVE = /^[a-zA-Z]:$/, STARTS_WITH_DRIVE = /^[a-zA-Z][:|](?:$|[/\\?#])/;
  const SINGLE_DOT = /^(?:\.|%2e)$/i, DOUBLE_DOT = /^(?:\.|%2e){2}$/i, HEX = /^[\da-f]$/i, DIGIT = /^\d$/;

  const usv = (v) => `${v}`.toWellFormed();
  const hex = (ch) => {
    const c = ch.charCodeAt(0);
    return c < 0x80 ? (c < 16 ? "%0" : "%") + c.toString(16).toUpperCase() : encodeURIComponent(ch);
  };
  const encode = (s, set) => s.replace(set, hex);
  // Percent-decodes, then decodes the bytes as UTF-8 with each maximal invalid subpart becoming U+FFFD. A literal
  // code point never continues a byte sequence, so each run of %XX decodes on its own.
  const decode = (s) => s.indexOf("%") < 0 ? s : s.replace(/(?:%[\da-f]{2})+/gi, (run) => {
    let out = "", need = 0, cp = 0, lo = 0x80, hi = 0xbf;
    for (let i = 1; i < run.length; i += 3) {
      const b = parseInt(run.substr(i, 2), 16);
      if (need && b >= lo && b <= hi) {
        cp = (cp << 6) | (b & 63); lo = 0x80; hi = 0xbf;
        if (--need === 0) out += String.fromCodePoint(cp);
        continue;
      }
      if (need) { need = 0; lo = 0x80; hi = 0xbf; out += "\ufffd"; }
      if (b < 0x80) out += String.fromCharCode(b);
      else if (b >= 0xc2 && b <= 0xdf) { need = 1; cp = b & 31; }
      else if (b >= 0xe0 && b <= 0xef) { need = 2; cp = b & 15; if (b === 0xe0) lo = 0xa0; if (b === 0xed) hi = 0x9f; }
      else if (b >= 0xf0 && b <= 0xf4) { need = 3; cp = b & 7; if (b === 0xf0) lo = 0x90; if (b === 0xf4) hi = 0x8f; }
      else out += "\ufffd";
    }
    return need ? out + "\ufffd" : out;
  });

  // ---- hosts. Punycode (RFC 3492), one label at a time.
  const adapt = (delta, count, first) => {
    delta = first ? Math.floor(delta / 700) : delta >> 1;
    delta += Math.floor(delta / count);
    let k = 0;
    for (; delta > 455; k += 36) delta = Math.floor(delta / 35);
    return k + Math.floor((36 * delta) / (delta + 38));
  };
  const threshold = (k, bias) => (k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias);
  const digit = (d) => String.fromCharCode(d < 26 ? 97 + d : 22 + d);
  const punycode = (label) => {
    const cps = Array.from(label, (ch) => ch.codePointAt(0)), ascii = label.replace(/[^\0-\x7f]/gu, "");
    let out = ascii + (ascii ? "-" : ""), n = 128, delta = 0, bias = 72, h = ascii.length;
    for (; h < cps.length; delta++, n++) {
      const m = Math.min(...cps.filter((c) => c >= n));
      delta += (m - n) * (h + 1);
      n = m;
      for (const c of cps) {
        if (c < n) delta++;
        if (c !== n) continue;
        let q = delta;
        for (let k = 36, t; q >= (t = threshold(k, bias)); k += 36) {
          out += digit(t + ((q - t) % (36 - t)));
          q = Math.floor((q - t) / (36 - t));
        }
        out += digit(q);
        bias = adapt(delta, h + 1, h === ascii.length);
        delta = 0;
        h++;
      }
    }
    return out;
  };
  // Decodes a lowercase ASCII label, or gives null when it is not valid punycode.
  const unpunycode = (s) => {
    const out = [], d = s.lastIndexOf("-");
    let n = 128, i = 0, bias = 72, j = d > 0 ? d + 1 : 0;
    for (let k = 0; k < d; k++) out.push(s.charCodeAt(k));
    while (j < s.length) {
      const before = i;
      for (let w = 1, k = 36, t; ; k += 36, w *= 36 - t) {
        const c = j < s.length ? s.charCodeAt(j++) : 0;
        const v = c >= 48 && c <= 57 ? c - 22 : c >= 97 && c <= 122 ? c - 97 : -1;
        if (v < 0) return null;
        i += v * w;
        if (v < (t = threshold(k, bias))) break;
      }
      bias = adapt(i - before, out.length + 1, before === 0);
      n += Math.floor(i / (out.length + 1));
      i %= out.length + 1;
      if (n > 0x10ffff) return null;
      out.splice(i++, 0, n);
    }
    return String.fromCodePoint(...out);
  };
  // Simplified UTS #46 mapping: drop ignored code points, ẞ to ss, NFKC, lowercase each code point, 。 to a dot.
  const map = (domain) => Array.from(domain.replace(IGNORED, "").replace(/\u1e9e/g, "ss").normalize("NFKC"),
    (ch) => ch.toLowerCase()).join("").replace(/\u3002/g, ".");
  const domainToASCII = (domain) => {
    const mapped = NON_ASCII.test(domain) ? map(domain) : domain.toLowerCase();
    if (!NON_ASCII.test(mapped) && !mapped.includes("xn--")) return mapped; // FORBIDDEN_DOMAIN does the rest
    const labels = mapped.split(".");
    for (let i = 0; i < labels.length; i++) {
      const label = labels[i], xn = label.startsWith("xn--");
      const u = !xn ? label : NON_ASCII.test(label) ? null : unpunycode(label.slice(4));
      if (u === null || (xn && (u === "" || map(u) !== u)) || DISALLOWED.test(u)) return null;
      if (!xn && NON_ASCII.test(label)) labels[i] = "xn--" + punycode(label);
    }
    return labels.join(".");
  };
  const ipv4Number = (s) => {
    let radix = 10;
    if (/^0x/i.test(s)) { s = s.slice(2); radix = 16; }
    else if (s.length > 1 && s[0] === "0") { s = s.slice(1); radix = 8; }
    if (s === "") return radix === 10 ? null : 0;
    return (radix === 10 ? /^\d+$/ : radix === 16 ? /^[\da-f]+$/i : /^[0-7]+$/).test(s) ? parseInt(s, radix) : null;
  };
  const dotted = (s) => {
    const parts = s.split(".");
    if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
    return parts;
  };
  const ipv4 = (s) => {
    const numbers = dotted(s).map(ipv4Number);
    if (numbers.length > 4 || numbers.some((n, i) => n === null || (n > 255 && i < numbers.length - 1))) return null;
    let v = numbers.pop();
    if (v >= 256 ** (4 - numbers.length)) return null;
    numbers.forEach((n, i) => { v += n * 256 ** (3 - i); });
    return [v >>> 24, (v >> 16) & 255, (v >> 8) & 255, v & 255].join(".");
  };
  const ipv6 = (s) => {
    const a = [0, 0, 0, 0, 0, 0, 0, 0];
    let i = 0, compress = null, p = 0;
    if (s[0] === ":") {
      if (s[1] !== ":") return null;
      p = 2; compress = ++i;
    }
    while (p < s.length) {
      if (i === 8) return null;
      if (s[p] === ":") {
        if (compress !== null) return null;
        p++; compress = ++i;
        continue;
      }
      let value = 0, length = 0;
      for (; length < 4 && HEX.test(s[p]); length++) value = value * 16 + parseInt(s[p++], 16);
      if (s[p] === ".") { // an IPv4 address in the last two pieces
        if (length === 0 || i > 6) return null;
        let seen = 0;
        for (p -= length; p < s.length; seen++) {
          if ((seen > 0 && (s[p++] !== "." || seen === 4)) || !DIGIT.test(s[p])) return null;
          let piece = +s[p++];
          for (; DIGIT.test(s[p]); p++) if (piece === 0 || (piece = piece * 10 + +s[p]) > 255) return null;
          a[i] = a[i] * 256 + piece;
          if (seen === 1 || seen === 3) i++;
        }
        if (seen !== 4) return null;
        break;
      }
      if (s[p] === ":" ? ++p === s.length : p < s.length) return null;
      a[i++] = value;
    }
    if (compress === null) return i === 8 ? a : null;
    for (let swaps = i - compress, j = 7; j !== 0 && swaps > 0; j--, swaps--) {
      [a[j], a[compress + swaps - 1]] = [a[compress + swaps - 1], a[j]];
    }
    return a;
  };
  const ipv6String = (a) => {
    let best = -1, bestLength = 1, out = "";
    for (let i = 0, j; i < 8; i = j + 1) {
      for (j = i; j < 8 && a[j] === 0; j++);
      if (j - i > bestLength) { best = i; bestLength = j - i; }
    }
    for (let i = 0; i < 8; i++) {
      if (i === best) { out += i === 0 ? "::" : ":"; i += bestLength - 1; }
      else out += a[i].toString(16) + (i < 7 ? ":" : "");
    }
    return out;
  };
  // The host parser: a serialized host, or null for failure.
  const parseHost = (input, opaque) => {
    if (input[0] === "[") {
      const a = input[input.length - 1] === "]" ? ipv6(input.slice(1, -1)) : null;
      return a && "[" + ipv6String(a) + "]";
    }
    if (opaque) return FORBIDDEN_HOST.test(input) ? null : encode(input, C0);
    const ascii = domainToASCII(decode(input));
    if (!ascii || FORBIDDEN_DOMAIN.test(ascii)) return null;
    return /^(?:\d+|0x[\da-f]*)$/i.test(dotted(ascii).pop()) ? ipv4(ascii) : ascii;
  };

  // ---- the basic URL parser. A URL record is { s: scheme, u: username, pw: password, h: serialized host or null,
  // port: number or null, p: path segments (an array) or an opaque path (a string), q: query, f: fragment }.
  // Without a state override it returns a new record or null; with one, it edits url in place, as the setters do.
  const special = (url) => url.s in DEFAULT_PORT;
  const opaquePath = (url) => typeof url.p === "string";
  const credentials = (url) => url.u !== "" || url.pw !== "";
  const shorten = (url) => {
    if (!(url.s === "file" && url.p.length === 1 && NORMALIZED_DRIVE.test(url.p[0]))) url.p.pop();
  };
  const inherit = (url, base) => { url.u = base.u; url.pw = base.pw; url.h = base.h; url.port = base.port; };
  const parse = (input, base, url, override) => {
    if (!url) {
      url = { s: "", u: "", pw: "", h: null, port: null, p: [], q: null, f: null };
      input = input.replace(/^[\0- ]+|[\0- ]+$/g, "");
    }
    const cps = Array.from(input.replace(/[\t\n\r]/g, ""));
    const driveAt = (i) => STARTS_WITH_DRIVE.test(cps.slice(i).join(""));
    let state = override || "schemeStart", buffer = "", atSeen = false, inBrackets = false, passwordSeen = false, p = 0;
    const to = (next, step = 0) => { state = next; p += step; };
    const start = (field, next) => { url[field] = ""; state = next; };
    for (; p <= cps.length; p++) {
      const c = p < cps.length ? cps[p] : "", sp = special(url), slash = c === "/" || (sp && c === "\\");
      const end = c === "" || slash || c === "?" || c === "#";
      switch (state) {
        case "schemeStart":
          if (/[a-zA-Z]/.test(c)) { buffer += c.toLowerCase(); state = "scheme"; }
          else if (override) return null;
          else to("noScheme", -1);
          break;
        case "scheme":
          if (/[a-zA-Z0-9+\-.]/.test(c)) { buffer += c.toLowerCase(); break; }
          if (c !== ":" && override) return null;
          if (c !== ":") { buffer = ""; to("noScheme", -1 - p); break; }
          if (override && ((buffer in DEFAULT_PORT) !== sp || (url.s === "file" && url.h === "") ||
            (buffer === "file" && (credentials(url) || url.port !== null)))) return null;
          url.s = buffer;
          if (override) {
            if (url.port === DEFAULT_PORT[url.s]) url.port = null;
            return url;
          }
          buffer = "";
          if (url.s === "file") state = "file";
          else if (special(url)) state = base && base.s === url.s ? "specialRelativeOrAuthority" : "authoritySlashes";
          else if (cps[p + 1] === "/") to("pathOrAuthority", 1);
          else { url.p = ""; state = "opaquePath"; }
          break;
        case "noScheme":
          if (!base || (opaquePath(base) && c !== "#")) return null;
          if (opaquePath(base)) { url.s = base.s; url.p = base.p; url.q = base.q; start("f", "fragment"); }
          else to(base.s === "file" ? "file" : "relative", -1);
          break;
        case "specialRelativeOrAuthority":
          if (c === "/" && cps[p + 1] === "/") to("authorityIgnoreSlashes", 1);
          else to("relative", -1);
          break;
        case "pathOrAuthority": c === "/" ? to("authority") : to("path", -1); break;
        case "relative":
          url.s = base.s;
          if (c === "/" || (c === "\\" && special(url))) { state = "relativeSlash"; break; }
          inherit(url, base);
          url.p = base.p.slice(); url.q = base.q;
          if (c === "?") start("q", "query");
          else if (c === "#") start("f", "fragment");
          else if (c !== "") { url.q = null; shorten(url); to("path", -1); }
          break;
        case "relativeSlash":
          if (sp && (c === "/" || c === "\\")) state = "authorityIgnoreSlashes";
          else if (c === "/") state = "authority";
          else { inherit(url, base); to("path", -1); }
          break;
        case "authoritySlashes": to("authorityIgnoreSlashes", c === "/" && cps[p + 1] === "/" ? 1 : -1); break;
        case "authorityIgnoreSlashes": if (c !== "/" && c !== "\\") to("authority", -1); break;
        case "authority":
          if (end) {
            if (atSeen && buffer === "") return null;
            p -= Array.from(buffer).length + 1;
            buffer = ""; state = "host";
          } else if (c === "@") {
            if (atSeen) buffer = "%40" + buffer;
            const colon = passwordSeen ? -1 : buffer.indexOf(":");
            if (colon >= 0) { url.u += encode(buffer.slice(0, colon), USERINFO); buffer = buffer.slice(colon + 1); }
            passwordSeen ||= colon >= 0;
            url[passwordSeen ? "pw" : "u"] += encode(buffer, USERINFO);
            buffer = ""; atSeen = true;
          } else buffer += c;
          break;
        case "host":
        case "hostname": {
          if (override && url.s === "file") { to("fileHost", -1); break; }
          if (!((c === ":" && !inBrackets) || end)) {
            if (c === "[" || c === "]") inBrackets = c === "[";
            buffer += c;
            break;
          }
          if (c === ":" && (buffer === "" || override === "hostname")) return null;
          if (c !== ":" && buffer === "" && (sp || (override && (credentials(url) || url.port !== null)))) return null;
          const host = parseHost(buffer, !sp);
          if (host === null) return null;
          url.h = host; buffer = "";
          if (c === ":") state = "port";
          else if (override) return url;
          else to("pathStart", -1);
          break;
        }
        case "port":
          if (/\d/.test(c)) { buffer += c; break; }
          if (!end && !override) return null;
          if (buffer !== "") {
            if (+buffer > 65535) return null;
            url.port = +buffer === DEFAULT_PORT[url.s] ? null : +buffer;
            buffer = "";
          }
          if (override) return url;
          to("pathStart", -1);
          break;
        case "file":
          url.s = "file"; url.h = "";
          if (c === "/" || c === "\\") state = "fileSlash";
          else if (base && base.s === "file") {
            url.h = base.h; url.p = base.p.slice(); url.q = base.q;
            if (c === "?") start("q", "query");
            else if (c === "#") start("f", "fragment");
            else if (c !== "") {
              url.q = null;
              if (driveAt(p)) url.p = [];
              else shorten(url);
              to("path", -1);
            }
          } else to("path", -1);
          break;
        case "fileSlash":
          if (c === "/" || c === "\\") { state = "fileHost"; break; }
          if (base && base.s === "file") {
            url.h = base.h;
            if (!driveAt(p) && NORMALIZED_DRIVE.test(base.p[0])) url.p.push(base.p[0]);
          }
          to("path", -1);
          break;
        case "fileHost": {
          if (!end) { buffer += c; break; }
          p--;
          if (!override && DRIVE.test(buffer)) { state = "path"; break; }
          const host = buffer === "" ? "" : parseHost(buffer, false);
          if (host === null) return null;
          url.h = host === "localhost" ? "" : host;
          if (override) return url;
          buffer = ""; state = "pathStart";
          break;
        }
        case "pathStart":
          if (sp) to("path", slash ? 0 : -1);
          else if (!override && c === "?") start("q", "query");
          else if (!override && c === "#") start("f", "fragment");
          else if (c !== "") to("path", c === "/" ? 0 : -1);
          else if (override && url.h === null) url.p.push("");
          break;
        case "path":
          if (!(c === "" || slash || (!override && (c === "?" || c === "#")))) { buffer += c; break; }
          buffer = encode(buffer, PATH); // no code point of a dot segment or a drive letter is encoded
          if (DOUBLE_DOT.test(buffer)) shorten(url);
          if (SINGLE_DOT.test(buffer) || DOUBLE_DOT.test(buffer)) { if (!slash) url.p.push(""); }
          else url.p.push(url.s === "file" && url.p.length === 0 && DRIVE.test(buffer) ? buffer[0] + ":" : buffer);
          buffer = "";
          if (c === "?") start("q", "query");
          if (c === "#") start("f", "fragment");
          break;
        case "opaquePath":
          if (c !== "" && c !== "?" && c !== "#") { buffer += c; break; }
          url.p += encode(buffer, C0);
          buffer = "";
          if (c === "?") start("q", "query");
          if (c === "#") start("f", "fragment");
          break;
        case "query":
          if (c !== "" && (override || c !== "#")) { buffer += c; break; }
          url.q += encode(buffer, sp ? SPECIAL_QUERY : QUERY);
          buffer = "";
          if (c === "#") start("f", "fragment");
          break;
        case "fragment": url.f += encode(cps.slice(p).join(""), FRAGMENT); p = cps.length; break;
      }
    }
    return url;
  };
  const pathname = (url) => (opaquePath(url) ? url.p : url.p.length ? "/" + url.p.join("/") : "");
  const hostPort = (url) => url.h + (url.port !== null ? ":" + url.port : "");
  const serialize = (url) => {
    let out = url.s + ":";
    const userinfo = credentials(url) ? url.u + (url.pw !== "" ? ":" + url.pw : "") + "@" : "";
    if (url.h !== null) out += "//" + userinfo + hostPort(url);
    else if (!opaquePath(url) && url.p.length > 1 && url.p[0] === "") out += "/.";
    out += pathname(url) + (url.q !== null ? "?" + url.q : "");
    return url.f !== null ? out + "#" + url.f : out;
  };
  const origin = (url) => {
    if (url.s === "blob") {
      const inner = parse(pathname(url));
      return inner && (inner.s === "http" || inner.s === "https") ? origin(inner) : "null";
    }
    return special(url) && url.s !== "file" ? url.s + "://" + hostPort(url) : "null";
  };
  const cannotHaveCredentials = (url) => url.h === null || url.h === "" || url.s === "file";
  const stripTrailingSpaces = (url) => {
    if (opaquePath(url) && url.f === null && url.q === null) url.p = url.p.replace(/ +$/, "");
  };

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
})();
