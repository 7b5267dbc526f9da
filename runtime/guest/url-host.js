// Capsule guest URL host parsing and percent-encoding, loaded by url.js (through the prelude's guestFile power) the
// first time a guest touches URL or URLSearchParams: the percent-encode sets, percent-encoding and UTF-8
// percent-decoding, and the URL Standard's host parser (IPv4, IPv6, opaque hosts, domains to ASCII through punycode).
// It is a file of its own so that url.js, the state machine, stays under 400 lines; the two are one unit and load
// together. Plain ES2020 global script; completion value: { usv, encode, decode, parseHost, C0, FRAGMENT, QUERY,
// SPECIAL_QUERY, PATH, USERINFO, FORM }.
// Refuses host access and global state: it takes no powers and assigns no global. Refuses, as an invalid host, a
// domain with a code point UTS #46 disallows in the classes it can tell cheaply (controls, format characters, spaces,
// private use, unassigned, a label starting with a mark); the rest of UTS #46 is simplified (see guest/README.md).
(function () {
  "use strict";
  // Percent-encode sets, as the code points each one encodes.
  const C0 = /[^\x20-\x7e]/gu, FRAGMENT = /[^\x21-\x7e]|["<>`]/gu, QUERY = /[^\x21-\x7e]|["#<>]/gu;
  const SPECIAL_QUERY = /[^\x21-\x7e]|["#<>']/gu, PATH = /[^\x21-\x7e]|["#<>?`{}]/gu;
  const USERINFO = /[^\x21-\x7e]|["#<>?`{}/:;=@[\\\]^|]/gu, FORM = /[^\w*\-. ]/gu;
  const FORBIDDEN_HOST = /[\0\t\n\r #/:<>?@[\\\]^|]/, FORBIDDEN_DOMAIN = /[\0- #%/:<>?@[\\\]^|\x7f]/;
  const IGNORED =
    /[\xad\u034f\u180b-\u180d\u180f\u200b\u2060\ufe00-\ufe0f\ufeff\u{1bca0}-\u{1bca3}\u{e0100}-\u{e01ef}]/gu;
  const DISALLOWED = /[\p{C}\p{Z}\ufff9-\ufffd]|^\p{M}/u, NON_ASCII = /[^\0-\x7f]/;
  const HEX = /^[\da-f]$/i, DIGIT = /^\d$/;

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
  return { usv, encode, decode, parseHost, C0, FRAGMENT, QUERY, SPECIAL_QUERY, PATH, USERINFO, FORM };
})();
