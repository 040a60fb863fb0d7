// swift-tools-version:6.0
// A Swift package that uses Tether the way any other package would: a dependency on the
// repository by path (by URL and version from elsewhere) and the library products `Tether` (the
// view model) and `TetherDocument` (SVG pictures). `make test-swiftpm` builds it from a clean
// scratch folder and checks that it lays out the demo screen to the C demo's frames.
import PackageDescription

let package = Package(
    name: "tether-swift-example",
    dependencies: [
        // Elsewhere: .package(url: "https://…/tether.git", from: "0.12.0")
        .package(name: "tether", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "feed-demo",
            dependencies: [
                .product(name: "Tether", package: "tether"),
                .product(name: "TetherDocument", package: "tether"),
            ],
            path: "Sources/FeedDemo"
        ),
    ]
)
