// swift-tools-version:6.0
// libFuzzer harnesses for Tether (docs/fuzzing.md). A package of its own, so that the root
// package's products, `swift build` and `swift test` stay as they are: only `make fuzz-build`
// (mk/fuzz.mk) builds this, with `-sanitize=fuzzer,address` and its own scratch path
// (.build-fuzz).
//
//   fuzz-vfl   the Visual Format Language parser through the Swift API
//              (LayoutConstraint.constraints(withVisualFormat:options:metrics:views:))
//   fuzz-capi  programs of tether_* calls through the C ABI (libtether.so, called from Swift
//              through the header-only module CTether, i.e. Include/tether.h and its parts)
import Foundation
import PackageDescription

// A path dependency's identity is the last component of its path, so it is the name of the
// folder the repository was cloned into ("main" here, anything in CI): read it from this file's
// location instead of writing it down.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

let package = Package(
    name: "tether-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // The declaration of libFuzzer's LLVMFuzzerRunDriver (header only).
        .target(name: "FuzzerDriver"),
        // The input decoder and the driver call shared by both harnesses.
        .target(name: "FuzzSupport", dependencies: ["FuzzerDriver"]),
        .executableTarget(
            name: "fuzz-vfl",
            dependencies: ["FuzzSupport", .product(name: "Tether", package: rootIdentity)]
        ),
        .executableTarget(
            name: "fuzz-capi",
            dependencies: ["FuzzSupport", .product(name: "tether", package: rootIdentity)]
        ),
    ]
)
