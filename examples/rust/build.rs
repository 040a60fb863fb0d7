//! So that the program finds libtether.so when it runs, without LD_LIBRARY_PATH: an rpath to the
//! folder tether-sys linked (TETHER_LIB_DIR, else the repository's .build/release), which it
//! hands to the crates depending on it directly as DEP_TETHER_LIB_DIR. Not needed when
//! libtether is installed where the loader looks (`make install`).
fn main() {
    println!("cargo:rerun-if-env-changed=DEP_TETHER_LIB_DIR");
    if let Some(dir) = std::env::var_os("DEP_TETHER_LIB_DIR") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", std::path::Path::new(&dir).display());
    }
}
