// Capsule guest URL records: the WHATWG URL Standard's basic URL parser (its state machine, with the state overrides
// the setters use), the serializer and origin, loaded by url.js (through the prelude's guestFile power) the first time
// a guest touches URL or URLSearchParams. A file of its own so that each of url-host.js, url-parser.js and url.js stays
// under 400 lines; the three are one unit and load together. Plain ES2020 global script; completion value: a factory
// taking the prelude's powers and returning the record operations url.js uses.
// Refuses host access and global state: of the powers it uses only guestFile, once, at load (for url-host.js), hands
// them to nothing and assigns no global.
(function (powers) {
  "use strict";
  const { encode, parseHost, C0, FRAGMENT, QUERY, SPECIAL_QUERY, PATH, USERINFO } = powers.guestFile("url-host");
  const DEFAULT_PORT = { __proto__: null, ftp: 21, file: null, http: 80, https: 443, ws: 80, wss: 443 };
  const DRIVE = /^[a-zA-Z][:|]$/, NORMALIZED_DRIVE = /^[a-zA-Z]:$/, STARTS_WITH_DRIVE = /^[a-zA-Z][:|](?:$|[/\\?#])/;
  const SINGLE_DOT = /^(?:\.|%2e)$/i, DOUBLE_DOT = /^(?:\.|%2e){2}$/i;

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
  return { parse, serialize, origin, pathname, hostPort, opaquePath, cannotHaveCredentials, stripTrailingSpaces };
});
