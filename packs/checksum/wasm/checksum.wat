;; @capsule/checksum: CRC-32 and Adler-32 over bytes, and a byte reversal, for Capsule guests.
;; Bytes convention (see compiler/src/wasm/CONVENTION.md): the host copies each bytes argument into memory at
;; alloc(len) and passes (ptr, len); a bytes result comes back as an i64 packing (ptr << 32) | len.
(module
  (memory (export "memory") 2 256)
  ;; The heap starts after the eight 1 KiB CRC tables (0..8191), which crc32 builds in its own fresh instance.
  (global $heap (mut i32) (i32.const 8192))

  ;; A bump allocator: every call gets a fresh instance, so nothing is ever freed.
  (func $alloc (export "alloc") (param $size i32) (result i32)
    (local $ptr i32) (local $needed i32)
    (local.set $ptr (global.get $heap))
    (global.set $heap (i32.and (i32.add (i32.add (local.get $ptr) (local.get $size)) (i32.const 7)) (i32.const -8)))
    (local.set $needed (i32.shr_u (i32.add (global.get $heap) (i32.const 65535)) (i32.const 16)))
    (if (i32.gt_u (local.get $needed) (memory.size))
      (then (if (i32.eq (memory.grow (i32.sub (local.get $needed) (memory.size))) (i32.const -1)) (then unreachable))))
    (local.get $ptr))

  ;; The CRC-32 (IEEE) tables for slicing-by-8: T0 at 0 is the classic byte table; Tk[n] = (Tk-1[n] >> 8) ^
  ;; T0[Tk-1[n] & 255], at k * 1024. Built at the start of crc32 (about 4,000 steps; a data segment would make the
  ;; binary 8 KiB larger for the same result).
  (func $table_init
    (local $n i32) (local $c i32) (local $k i32) (local $at i32)
    (loop $outer
      (local.set $c (local.get $n))
      (local.set $k (i32.const 0))
      (loop $inner
        (local.set $c (select
          (i32.xor (i32.const 0xEDB88320) (i32.shr_u (local.get $c) (i32.const 1)))
          (i32.shr_u (local.get $c) (i32.const 1))
          (i32.and (local.get $c) (i32.const 1))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br_if $inner (i32.lt_u (local.get $k) (i32.const 8))))
      (i32.store (i32.shl (local.get $n) (i32.const 2)) (local.get $c))
      (local.set $n (i32.add (local.get $n) (i32.const 1)))
      (br_if $outer (i32.lt_u (local.get $n) (i32.const 256))))
    ;; Tables 1..7: each entry from the same entry of the table before it.
    (local.set $at (i32.const 1024))
    (loop $slice
      (local.set $c (i32.load (i32.sub (local.get $at) (i32.const 1024))))
      (i32.store (local.get $at) (i32.xor
        (i32.shr_u (local.get $c) (i32.const 8))
        (i32.load (i32.shl (i32.and (local.get $c) (i32.const 255)) (i32.const 2)))))
      (local.set $at (i32.add (local.get $at) (i32.const 4)))
      (br_if $slice (i32.lt_u (local.get $at) (i32.const 8192)))))

  ;; Slicing-by-8: eight independent table lookups per 8 bytes instead of a chain of eight dependent ones
  ;; (about 4x faster than byte at a time), then the tail byte at a time.
  (func (export "crc32") (param $ptr i32) (param $len i32) (result i32)
    (local $crc i32) (local $end i32) (local $end8 i32) (local $one i32) (local $two i32)
    (call $table_init)
    (local.set $crc (i32.const -1))
    (local.set $end (i32.add (local.get $ptr) (local.get $len)))
    (local.set $end8 (i32.add (local.get $ptr) (i32.and (local.get $len) (i32.const -8))))
    (block $done8
      (loop $next8
        (br_if $done8 (i32.ge_u (local.get $ptr) (local.get $end8)))
        (local.set $one (i32.xor (i32.load (local.get $ptr)) (local.get $crc)))
        (local.set $two (i32.load offset=4 (local.get $ptr)))
        (local.set $crc (i32.xor
          (i32.xor
            (i32.xor
              (i32.load offset=7168 (i32.shl (i32.and (local.get $one) (i32.const 255)) (i32.const 2)))
              (i32.load offset=6144 (i32.shl (i32.and (i32.shr_u (local.get $one) (i32.const 8)) (i32.const 255)) (i32.const 2))))
            (i32.xor
              (i32.load offset=5120 (i32.shl (i32.and (i32.shr_u (local.get $one) (i32.const 16)) (i32.const 255)) (i32.const 2)))
              (i32.load offset=4096 (i32.shl (i32.shr_u (local.get $one) (i32.const 24)) (i32.const 2)))))
          (i32.xor
            (i32.xor
              (i32.load offset=3072 (i32.shl (i32.and (local.get $two) (i32.const 255)) (i32.const 2)))
              (i32.load offset=2048 (i32.shl (i32.and (i32.shr_u (local.get $two) (i32.const 8)) (i32.const 255)) (i32.const 2))))
            (i32.xor
              (i32.load offset=1024 (i32.shl (i32.and (i32.shr_u (local.get $two) (i32.const 16)) (i32.const 255)) (i32.const 2)))
              (i32.load (i32.shl (i32.shr_u (local.get $two) (i32.const 24)) (i32.const 2)))))))
        (local.set $ptr (i32.add (local.get $ptr) (i32.const 8)))
        (br $next8)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $ptr) (local.get $end)))
        (local.set $crc (i32.xor
          (i32.load (i32.shl (i32.and (i32.xor (local.get $crc) (i32.load8_u (local.get $ptr))) (i32.const 255)) (i32.const 2)))
          (i32.shr_u (local.get $crc) (i32.const 8))))
        (local.set $ptr (i32.add (local.get $ptr) (i32.const 1)))
        (br $next)))
    (i32.xor (local.get $crc) (i32.const -1)))

  (func (export "adler32") (param $ptr i32) (param $len i32) (result i32)
    (local $a i32) (local $b i32) (local $end i32)
    (local.set $a (i32.const 1))
    (local.set $end (i32.add (local.get $ptr) (local.get $len)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $ptr) (local.get $end)))
        (local.set $a (i32.rem_u (i32.add (local.get $a) (i32.load8_u (local.get $ptr))) (i32.const 65521)))
        (local.set $b (i32.rem_u (i32.add (local.get $b) (local.get $a)) (i32.const 65521)))
        (local.set $ptr (i32.add (local.get $ptr) (i32.const 1)))
        (br $next)))
    (i32.or (i32.shl (local.get $b) (i32.const 16)) (local.get $a)))

  ;; Returns a reversed copy, as (ptr << 32) | len.
  (func (export "reverse") (param $ptr i32) (param $len i32) (result i64)
    (local $out i32) (local $i i32)
    (local.set $out (call $alloc (local.get $len)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
        (i32.store8
          (i32.add (local.get $out) (local.get $i))
          (i32.load8_u (i32.sub (i32.add (local.get $ptr) (local.get $len)) (i32.add (local.get $i) (i32.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (i64.or (i64.shl (i64.extend_i32_u (local.get $out)) (i64.const 32)) (i64.extend_i32_u (local.get $len))))

  (func (export "add") (param $a i32) (param $b i32) (result i32)
    (i32.add (local.get $a) (local.get $b)))
)
