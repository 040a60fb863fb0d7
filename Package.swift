// swift-tools-version:6.0
// Tether: Auto Layout for every platform.
//
// Layers (each depends only on the one below):
//   TetherSolver  incremental lexicographic simplex over a sparse tableau (no Foundation)
//   Tether        the view model (views, anchors, constraints, layout pass)
//   CTether       header-only C module over Include/tether.h (the stable C ABI) and its parts,
//                 Include/tether/*.h: no module map, so SwiftPM makes Include/ an umbrella
//                 directory and the module holds every header in it
//   TetherC       `@c @implementation` exports of Include/tether.h, nothing else
//
// Release, static-stdlib and symbol-visibility flags are passed on the command line (Makefile),
// never as unsafeFlags here.
import PackageDescription

let package = Package(
    name: "tether",
    products: [
        .library(name: "TetherSolver", targets: ["TetherSolver"]),
        .library(name: "Tether", targets: ["Tether"]),
        .library(name: "tether", type: .dynamic, targets: ["TetherC"]),  // -> libtether.so
    ],
    targets: [
        .target(name: "TetherSolver"),
        .target(name: "Tether", dependencies: ["TetherSolver"]),
        .target(name: "CTether", path: "Include", publicHeadersPath: "."),
        .target(
            name: "TetherC",
            dependencies: ["TetherSolver", "Tether", "CTether"],
            exclude: ["exports.map"]
        ),
        .executableTarget(name: "tether-bench", dependencies: ["TetherSolver", "Tether"], path: "benchmarks/swift"),
        .testTarget(name: "TetherSolverTests", dependencies: ["TetherSolver"]),
        .testTarget(name: "TetherTests", dependencies: ["Tether"]),
        .testTarget(name: "TetherCTests", dependencies: ["TetherC", "CTether"]),
    ]
)
