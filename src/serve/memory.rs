//! Giving memory back. glibc's malloc keeps the memory that work freed,
//! in one arena per thread that allocated (up to eight per core), ready
//! for reuse: after a burst of walkthroughs of the hardest puzzles a
//! server that has gone idle would keep hundreds of megabytes. The server
//! caps the arenas at two per lane of workers, and hands freed memory back
//! (`malloc_trim`) when it goes idle. Elsewhere than glibc these do
//! nothing.

/// Cap malloc's arenas (`mallopt(M_ARENA_MAX, arenas)`): the threads share
/// them, so memory freed by one is reused by the next.
pub(crate) fn cap_arenas(arenas: usize) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        const M_ARENA_MAX: i32 = -8;
        let arenas = i32::try_from(arenas.max(1)).unwrap_or(i32::MAX);
        // SAFETY: mallopt only changes a setting of the allocator; it is
        // safe to call at any time, from any thread.
        unsafe {
            glibc::mallopt(M_ARENA_MAX, arenas);
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = arenas;
}

/// Give the memory malloc holds free back to the system.
pub(crate) fn release() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free pages to the system; it takes
    // malloc's own locks and is safe to call at any time, from any thread.
    unsafe {
        glibc::malloc_trim(0);
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod glibc {
    extern "C" {
        pub fn mallopt(param: i32, value: i32) -> i32;
        pub fn malloc_trim(pad: usize) -> i32;
    }
}
