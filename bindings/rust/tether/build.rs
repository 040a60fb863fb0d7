//! tether-sys finds libtether (TETHER_LIB_DIR or <repo>/.build/release) and passes the folder
//! here as DEP_TETHER_LIB_DIR: an rpath to it lets this crate's tests and binaries run as built.
fn main() {
    println!("cargo:rerun-if-env-changed=DEP_TETHER_LIB_DIR");
    if let Some(dir) = std::env::var_os("DEP_TETHER_LIB_DIR") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", std::path::Path::new(&dir).display());
    }
}
