// capsule guest polyfill: TextEncoder, TextDecoder, atob, btoa.
// Plain ES2020 script evaluated inside QuickJS. No imports, no host access.
// The completion value of this script is the object returned by the IIFE.
(function () {
  "use strict";
  var fromCC = String.fromCharCode;
  var CHUNK = 8192;

  // Turn code units u[0..n) of a typed array into a string, in chunks so
  // neither the argument list nor the concatenation blows up.
  function unitsToString(u, n) {
    if (n <= CHUNK) return fromCC.apply(null, n === u.length ? u : u.subarray(0, n));
    var parts = [];
    for (var i = 0; i < n; i += CHUNK) parts.push(fromCC.apply(null, u.subarray(i, Math.min(n, i + CHUNK))));
    return parts.join("");
  }

  function toBytes(input) {
    if (input === undefined) return new Uint8Array(0);
    if (input instanceof ArrayBuffer || (typeof SharedArrayBuffer === "function" && input instanceof SharedArrayBuffer))
      return new Uint8Array(input);
    if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    throw new TypeError('The "input" argument must be an instance of ArrayBuffer or ArrayBufferView');
  }

  // ---------------------------------------------------------------- encoder
  function TextEncoder() {
    if (!(this instanceof TextEncoder)) throw new TypeError("Class constructor TextEncoder cannot be invoked without 'new'");
  }
  Object.defineProperty(TextEncoder.prototype, "encoding", { get: function () { return "utf-8"; }, configurable: true });
  Object.defineProperty(TextEncoder.prototype, Symbol.toStringTag, { value: "TextEncoder", configurable: true });
  TextEncoder.prototype.encode = function (input) {
    var s = input === undefined ? "" : String(input);
    var n = s.length, out = new Uint8Array(n * 3), j = 0;
    for (var i = 0; i < n; i++) {
      var c = s.charCodeAt(i);
      if (c < 0x80) { out[j++] = c; continue; }
      if (c < 0x800) { out[j++] = 0xc0 | (c >> 6); out[j++] = 0x80 | (c & 63); continue; }
      if (c >= 0xd800 && c <= 0xdfff) {
        var d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          var cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          out[j++] = 0xf0 | (cp >> 18); out[j++] = 0x80 | ((cp >> 12) & 63);
          out[j++] = 0x80 | ((cp >> 6) & 63); out[j++] = 0x80 | (cp & 63);
          continue;
        }
        c = 0xfffd;
      }
      out[j++] = 0xe0 | (c >> 12); out[j++] = 0x80 | ((c >> 6) & 63); out[j++] = 0x80 | (c & 63);
    }
    return j === out.length ? out : out.slice(0, j);
  };
  TextEncoder.prototype.encodeInto = function (src, dest) {
    if (!(dest instanceof Uint8Array)) throw new TypeError('The "dest" argument must be an instance of Uint8Array.');
    var s = String(src), n = s.length, cap = dest.length, read = 0, w = 0;
    while (read < n) {
      var c = s.charCodeAt(read), units = 1, cp = c;
      if (c >= 0xd800 && c <= 0xdfff) {
        var d = read + 1 < n ? s.charCodeAt(read + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) { cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); units = 2; }
        else cp = 0xfffd;
      }
      if (cp < 0x80) { if (w + 1 > cap) break; dest[w++] = cp; }
      else if (cp < 0x800) { if (w + 2 > cap) break; dest[w++] = 0xc0 | (cp >> 6); dest[w++] = 0x80 | (cp & 63); }
      else if (cp < 0x10000) {
        if (w + 3 > cap) break;
        dest[w++] = 0xe0 | (cp >> 12); dest[w++] = 0x80 | ((cp >> 6) & 63); dest[w++] = 0x80 | (cp & 63);
      } else {
        if (w + 4 > cap) break;
        dest[w++] = 0xf0 | (cp >> 18); dest[w++] = 0x80 | ((cp >> 12) & 63);
        dest[w++] = 0x80 | ((cp >> 6) & 63); dest[w++] = 0x80 | (cp & 63);
      }
      read += units;
    }
    return { read: read, written: w };
  };

  // ---------------------------------------------------------------- decoder
  var LABELS = {};
  function labels(enc, list) { list.split(" ").forEach(function (l) { LABELS[l] = enc; }); }
  labels("utf-8", "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8");
  labels("utf-16le", "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le");
  labels("utf-16be", "unicodefffe utf-16be");
  labels("windows-1252", "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 " +
    "iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252");
  // WHATWG windows-1252 index for bytes 0x80..0x9F (everything else maps to itself).
  var W1252 = [0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
    0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153,
    0x9d, 0x17e, 0x178];

  function TextDecoder(label, options) {
    if (!(this instanceof TextDecoder)) throw new TypeError("Class constructor TextDecoder cannot be invoked without 'new'");
    var l = label === undefined ? "utf-8" : String(label);
    var enc = LABELS[l.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "").toLowerCase()];
    if (!enc) throw new RangeError('The "' + l + '" encoding is not supported');
    options = options == null ? {} : options;
    // all decoder state lives in one non-enumerable slot
    Object.defineProperty(this, "_s", { value: { enc: enc, fatal: !!options.fatal, ignoreBOM: !!options.ignoreBOM, flushNext: true } });
    reset(this._s);
  }
  var TDP = TextDecoder.prototype;
  ["encoding", "fatal", "ignoreBOM"].forEach(function (k) {
    Object.defineProperty(TDP, k, { get: function () { return this._s[k === "encoding" ? "enc" : k]; }, configurable: true });
  });
  Object.defineProperty(TDP, Symbol.toStringTag, { value: "TextDecoder", configurable: true });
  function reset(st) {
    st.need = 0; st.seen = 0; st.cp = 0; st.lo = 0x80; st.hi = 0xbf; // utf-8
    st.lead = -1; st.hs = -1; // utf-16: pending byte / pending high surrogate
    st.bomSeen = false;
  }
  function fail(st) {
    if (st.fatal) {
      reset(st);
      var e = new TypeError("The encoded data was not valid for encoding " + st.enc);
      e.code = "ERR_ENCODING_INVALID_ENCODED_DATA";
      throw e;
    }
    return 0xfffd;
  }

  TDP.decode = function (input, options) {
    var st = this._s;
    if (!st) throw new TypeError("Illegal invocation");
    var bytes = toBytes(input);
    var stream = !!(options && options.stream);
    if (st.flushNext) reset(st);
    st.flushNext = !stream;
    var n = bytes.length, enc = st.enc, pre = "", i = 0, j = 0, out, b, cp;
    if (enc === "windows-1252") {
      pre = unitsToString(bytes, n);
      if (/[\x80-\x9f]/.test(pre)) pre = pre.replace(/[\x80-\x9f]/g, function (c) { return fromCC(W1252[c.charCodeAt(0) - 0x80]); });
      return pre;
    }
    if (enc === "utf-8") {
      var need = st.need, seen = st.seen, lo = st.lo, hi = st.hi;
      if (need === 0 && n > 64) {
        // Fast path: copy the leading ASCII run with native string functions.
        pre = unitsToString(bytes, n);
        i = pre.search(/[\x80-\xff]/);
        if (i < 0) i = n;
        else pre = pre.slice(0, i);
      }
      out = new Uint16Array(n - i + 4);
      cp = st.cp;
      for (; i < n; i++) {
        b = bytes[i];
        if (need === 0) {
          if (b < 0x80) { out[j++] = b; continue; }
          if (b >= 0xc2 && b <= 0xdf) { need = 1; cp = b & 0x1f; }
          else if (b >= 0xe0 && b <= 0xef) { if (b === 0xe0) lo = 0xa0; else if (b === 0xed) hi = 0x9f; need = 2; cp = b & 0xf; }
          else if (b >= 0xf0 && b <= 0xf4) { if (b === 0xf0) lo = 0x90; else if (b === 0xf4) hi = 0x8f; need = 3; cp = b & 7; }
          else out[j++] = fail(st);
          continue;
        }
        if (b < lo || b > hi) {
          need = seen = cp = 0; lo = 0x80; hi = 0xbf;
          out[j++] = fail(st);
          i--; // reprocess this byte
          continue;
        }
        lo = 0x80; hi = 0xbf;
        cp = (cp << 6) | (b & 0x3f);
        if (++seen === need) {
          if (cp > 0xffff) { cp -= 0x10000; out[j++] = 0xd800 + (cp >> 10); out[j++] = 0xdc00 + (cp & 0x3ff); }
          else out[j++] = cp;
          need = seen = cp = 0;
        }
      }
      if (need && !stream) { need = seen = cp = 0; lo = 0x80; hi = 0xbf; out[j++] = fail(st); }
      st.need = need; st.seen = seen; st.cp = cp; st.lo = lo; st.hi = hi;
    } else {
      // UTF-16LE / UTF-16BE
      var be = enc === "utf-16be", lead = st.lead, hs = st.hs;
      out = new Uint16Array((n >> 1) + 4);
      for (; i < n; i++) {
        if (lead < 0) { lead = bytes[i]; continue; }
        var u = be ? (lead << 8) | bytes[i] : (bytes[i] << 8) | lead;
        lead = -1;
        if (hs >= 0) {
          if (u >= 0xdc00 && u <= 0xdfff) { out[j++] = hs; out[j++] = u; hs = -1; continue; }
          hs = -1;
          out[j++] = fail(st);
        }
        if (u >= 0xd800 && u <= 0xdbff) hs = u;
        else if (u >= 0xdc00 && u <= 0xdfff) out[j++] = fail(st);
        else out[j++] = u;
      }
      if (!stream && (lead >= 0 || hs >= 0)) { lead = hs = -1; out[j++] = fail(st); }
      st.lead = lead; st.hs = hs;
    }
    var res = j ? pre + unitsToString(out, j) : pre;
    if (res && !st.ignoreBOM && !st.bomSeen) {
      st.bomSeen = true;
      if (res.charCodeAt(0) === 0xfeff) res = res.slice(1);
    }
    return res;
  };

  // ---------------------------------------------------------------- base64
  function domError(msg) {
    var e = new Error(msg);
    e.name = "InvalidCharacterError";
    e.code = 5;
    return e;
  }
  function missing() {
    var e = new TypeError('The "input" argument must be specified');
    e.code = "ERR_MISSING_ARGS";
    return e;
  }
  var ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  var PAIRS, DEC; // built on first use: 12 bits -> two chars; char code -> 6-bit value
  function tables() {
    PAIRS = new Array(4096);
    for (var p = 0; p < 4096; p++) PAIRS[p] = ALPHA[p >> 6] + ALPHA[p & 63];
  }

  function btoa(input) {
    if (arguments.length === 0) throw missing();
    var s = String(input), n = s.length;
    if (/[^\x00-\xff]/.test(s)) throw domError("Invalid character");
    if (!PAIRS) {
      if (n < 3072) return smallBtoa(s, n); // small inputs: don't pay for the pair table
      tables();
    }
    var P = PAIRS, parts = [], buf = new Array(CHUNK), k = 0, end = n - (n % 3), i, v;
    for (i = 0; i < end; i += 3) {
      v = (s.charCodeAt(i) << 16) | (s.charCodeAt(i + 1) << 8) | s.charCodeAt(i + 2);
      buf[k++] = P[v >> 12]; buf[k++] = P[v & 4095];
      if (k === CHUNK) { parts.push(buf.join("")); k = 0; }
    }
    if (n - end === 1) {
      buf[k++] = P[s.charCodeAt(end) << 4]; buf[k++] = "==";
    } else if (n - end === 2) {
      v = (s.charCodeAt(end) << 8) | s.charCodeAt(end + 1);
      buf[k++] = P[v >> 4]; buf[k++] = ALPHA[(v << 2) & 63] + "=";
    }
    buf.length = k;
    parts.push(buf.join(""));
    return parts.join("");
  }

  function smallBtoa(s, n) {
    var out = [], v, i;
    for (i = 0; i + 2 < n; i += 3) {
      v = (s.charCodeAt(i) << 16) | (s.charCodeAt(i + 1) << 8) | s.charCodeAt(i + 2);
      out.push(ALPHA[v >> 18] + ALPHA[(v >> 12) & 63] + ALPHA[(v >> 6) & 63] + ALPHA[v & 63]);
    }
    if (i < n) {
      v = (s.charCodeAt(i) << 16) | (i + 1 < n ? s.charCodeAt(i + 1) << 8 : 0);
      out.push(ALPHA[v >> 18] + ALPHA[(v >> 12) & 63] + (i + 1 < n ? ALPHA[(v >> 6) & 63] : "=") + "=");
    }
    return out.join("");
  }

  function atob(input) {
    if (arguments.length === 0) throw missing();
    // Validation mirrors Node's lib/buffer.js atob (same checks, same messages).
    var s = String(input).replace(/[\t\n\f\r ]+/g, ""), n = s.length, eq = 0;
    if (/[^A-Za-z0-9+\/=]/.test(s)) throw domError("Invalid character");
    var e = s.indexOf("=");
    if (e >= 0) {
      eq = n - e;
      if (eq > 2 || (eq === 2 && s.charCodeAt(n - 1) !== 61)) throw domError("Invalid character");
    }
    var rem = n % 4;
    if (!rem) rem = (n - eq) % 4;
    else if (eq) throw domError("Invalid character");
    if (rem === 1) throw domError("The string to be decoded is not correctly encoded.");
    if (!DEC) {
      DEC = new Uint8Array(128);
      for (var q = 0; q < 64; q++) DEC[ALPHA.charCodeAt(q)] = q;
    }
    var D = DEC, m = n - eq, out = new Uint16Array(Math.floor(m * 3 / 4)), j = 0, full = m - (m % 4), i, v;
    for (i = 0; i < full; i += 4) {
      v = (D[s.charCodeAt(i)] << 18) | (D[s.charCodeAt(i + 1)] << 12) | (D[s.charCodeAt(i + 2)] << 6) | D[s.charCodeAt(i + 3)];
      out[j++] = v >> 16; out[j++] = (v >> 8) & 255; out[j++] = v & 255;
    }
    if (m > full) {
      v = (D[s.charCodeAt(full)] << 18) | (D[s.charCodeAt(full + 1)] << 12) | (m - full === 3 ? D[s.charCodeAt(full + 2)] << 6 : 0);
      out[j++] = v >> 16;
      if (m - full === 3) out[j++] = (v >> 8) & 255;
    }
    return unitsToString(out, j);
  }

  // built-in style: prototype methods are non-enumerable
  [TextEncoder.prototype, TDP].forEach(function (t) {
    Object.keys(t).forEach(function (k) { Object.defineProperty(t, k, { enumerable: false }); });
  });

  return { TextEncoder: TextEncoder, TextDecoder: TextDecoder, atob: atob, btoa: btoa };
})();
