//! glibc's allocator, tuned for a server whose searches hop between threads. The only
//! unsafe code in the crate: two calls into the C library, each with its reason.

/// How many malloc arenas the process may have. glibc gives each thread that allocates
/// concurrently its own arena, up to eight per core, and an arena keeps what was freed
/// in it. Searches run in `block_in_place`, so under load a dozen runtime threads take
/// turns, and the resident memory after `benches/search.sh` rose from about 96 to
/// 147 MB; with two arenas it is about 103 MB, throughput within the run-to-run noise
/// (figures in docs/decisions.md). `MALLOC_ARENA_MAX` in the environment still wins.
const ARENAS: i32 = 2;

/// Caps the arenas; call before any thread is started.
#[allow(
    unsafe_code,
    reason = "mallopt is a C function; it only sets an allocator parameter"
)]
pub fn limit_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        // SAFETY: mallopt changes a tunable of the allocator; no allocation is touched,
        // and no other thread exists yet to allocate concurrently.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, ARENAS);
        }
    }
}

/// A rebuild reads every product into memory and frees it again, a few hundred MB
/// at 100,000 products; glibc keeps freed heap mapped, so without this the process
/// would look (and be counted) that large until the next rebuild.
#[allow(
    unsafe_code,
    reason = "malloc_trim is a C function; it returns free pages to the OS"
)]
pub fn release_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free pages to the OS; it touches no live allocation.
    unsafe {
        libc::malloc_trim(0);
    }
}
