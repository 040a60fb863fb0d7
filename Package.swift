// swift-tools-version:6.0
// Tether: Auto Layout for every platform.
//
// Layers (each depends only on the one below):
//   TetherSolver  incremental lexicographic simplex over a sparse tableau (no Foundation)
//   Tether        the view model (views, anchors, constraints, layout pass, VFL, diagnostics)
//   TetherDocument JSON layout documents and SVG rendering, over Tether's public and package API
//   TetherInterfaceBuilder  Interface Builder storyboards and xibs as Tether hierarchies, with its
//                 own small XML reader (no Foundation), over Tether's public API
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
        .library(name: "TetherDocument", targets: ["TetherDocument"]),
        .library(name: "TetherInterfaceBuilder", targets: ["TetherInterfaceBuilder"]),
        .library(name: "tether", type: .dynamic, targets: ["TetherC"]),  // -> libtether.so
    ],
    targets: [
        .target(name: "TetherSolver"),
        .target(name: "Tether", dependencies: ["TetherSolver"]),
        .target(name: "TetherDocument", dependencies: ["Tether"]),
        .target(name: "TetherInterfaceBuilder", dependencies: ["Tether"]),
        .target(name: "CTether", path: "Include", publicHeadersPath: "."),
        .target(
            name: "TetherC",
            dependencies: ["TetherSolver", "Tether", "TetherDocument", "TetherInterfaceBuilder", "CTether"],
            exclude: ["exports.map"]
        ),
        .executableTarget(name: "tether-bench", dependencies: ["TetherSolver", "Tether", "TetherDocument", "TetherTestSupport"],
                          path: "benchmarks/swift"),
        .testTarget(name: "TetherSolverTests", dependencies: ["TetherSolver", "TetherTestSupport"]),
        // Helpers shared by the tests and the benchmarks (the seeded random generator).
        .target(name: "TetherTestSupport", path: "Tests/TetherTestSupport"),
        // Helpers shared by the view-model tests (a constrained subview in one call).
        .target(name: "TetherViewTestSupport", dependencies: ["Tether"], path: "Tests/TetherViewTestSupport"),
        .testTarget(name: "TetherTests", dependencies: ["Tether", "TetherDocument", "TetherTestSupport", "TetherViewTestSupport"]),
        .testTarget(name: "TetherDocumentTests",
                    dependencies: ["Tether", "TetherDocument", "TetherTestSupport", "TetherViewTestSupport"]),
        .testTarget(name: "TetherInterfaceBuilderTests", dependencies: ["Tether", "TetherInterfaceBuilder"]),
        .testTarget(name: "TetherCTests", dependencies: ["TetherC", "CTether"]),
    ]
)
