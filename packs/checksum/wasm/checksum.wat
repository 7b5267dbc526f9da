;; @capsule/checksum: CRC-32 and Adler-32 over bytes, and a byte reversal, for Capsule guests.
;; Bytes convention (see compiler/src/wasm/CONVENTION.md): the host copies each bytes argument into memory at
;; alloc(len) and passes (ptr, len); a bytes result comes back as an i64 packing (ptr << 32) | len.
(module
  (memory (export "memory") 2 256)
  (global $heap (mut i32) (i32.const 1024))
  (global $table i32 (i32.const 0))

  ;; A bump allocator: every call gets a fresh instance, so nothing is ever freed.
  (func $alloc (export "alloc") (param $size i32) (result i32)
    (local $ptr i32) (local $needed i32)
    (local.set $ptr (global.get $heap))
    (global.set $heap (i32.and (i32.add (i32.add (local.get $ptr) (local.get $size)) (i32.const 7)) (i32.const -8)))
    (local.set $needed (i32.shr_u (i32.add (global.get $heap) (i32.const 65535)) (i32.const 16)))
    (if (i32.gt_u (local.get $needed) (memory.size))
      (then (if (i32.eq (memory.grow (i32.sub (local.get $needed) (memory.size))) (i32.const -1)) (then unreachable))))
    (local.get $ptr))

  ;; The CRC-32 (IEEE) lookup table, built at the first call of crc32 in an instance.
  (func $table_init
    (local $n i32) (local $c i32) (local $k i32)
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
      (br_if $outer (i32.lt_u (local.get $n) (i32.const 256)))))

  (func (export "crc32") (param $ptr i32) (param $len i32) (result i32)
    (local $crc i32) (local $end i32)
    (call $table_init)
    (local.set $crc (i32.const -1))
    (local.set $end (i32.add (local.get $ptr) (local.get $len)))
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
