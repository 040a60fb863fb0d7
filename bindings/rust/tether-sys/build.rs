//! Links libtether: the folder comes from TETHER_LIB_DIR, or the repository's release build
//! (../../../.build/release from this crate, i.e. <repo>/.build/release). An rpath to it is
//! emitted so that tests and examples run without LD_LIBRARY_PATH.
use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=TETHER_LIB_DIR");
    let dir = match env::var_os("TETHER_LIB_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
            manifest.join("../../../.build/release")
        }
    };
    let dir = dir.canonicalize().unwrap_or(dir);
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=dylib=tether");
    // For the binaries of dependent crates (tests, benches, examples): where to find the library.
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    println!("cargo:lib_dir={}", dir.display());
}
