import Foundation
import Tether
import TetherInterfaceBuilder
import XCTest

/// Imports every document of the shared corpus of real Interface Builder files, when it is
/// there (`../shared/data/interface-builder` beside the package, or `TETHER_IB_CORPUS`), lays
/// out every root and compares each constraint-placed view's frame with the one Xcode saved.
/// It asserts only that every document imports and reports what it left out; the match rate
/// it prints is docs/interface-builder.md's. `TETHER_IB_VERBOSE=1` prints every mismatch.
final class InterfaceBuilderCorpusTests: XCTestCase {
    static let tolerance = 0.5

    private var corpusDirectory: URL? {
        if let path = ProcessInfo.processInfo.environment["TETHER_IB_CORPUS"] { return URL(fileURLWithPath: path) }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/interface-builder")
    }

    func testEveryCorpusDocumentImportsAndLaysOut() throws {
        guard let directory = corpusDirectory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            throw XCTSkip("no Interface Builder corpus at ../shared/data/interface-builder (or TETHER_IB_CORPUS)")
        }
        let verbose = ProcessInfo.processInfo.environment["TETHER_IB_VERBOSE"] != nil
        let documents = names.filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") }.sorted()
        XCTAssertFalse(documents.isEmpty)
        var checked = 0
        var matched = 0
        var totalReports = 0
        for name in documents {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let engine = LayoutEngine()
            let document: ImportedDocument
            do {
                document = try InterfaceBuilderImporter().importDocument(text, into: engine)
            } catch {
                XCTFail("\(name): \(error)")
                continue
            }
            totalReports += document.reports.count
            var layoutError: String?
            do { try document.layout() } catch { layoutError = "\(error)" }
            var documentChecked = 0
            var documentMatched = 0
            for view in document.views where view.isPlacedByConstraints && !view.isMisplaced && !view.isAmbiguous {
                guard let saved = view.savedFrame else { continue }
                documentChecked += 1
                let frame = view.view.frame
                let tolerance = InterfaceBuilderCorpusTests.tolerance
                if abs(frame.minX - saved.minX) <= tolerance && abs(frame.minY - saved.minY) <= tolerance
                    && abs(frame.width - saved.width) <= tolerance && abs(frame.height - saved.height) <= tolerance {
                    documentMatched += 1
                } else if verbose {
                    print("  mismatch \(name):\(view.line) \(view.className) \(view.id ?? "-"): saved \(saved), laid out \(frame)")
                }
            }
            checked += documentChecked
            matched += documentMatched
            print("ib-corpus \(name): \(document.roots.count) roots, \(documentMatched)/\(documentChecked) at their saved "
                  + "frames, \(document.reports.count) reports" + (layoutError.map { ", layout failed: \($0)" } ?? ""))
            if verbose { for report in document.reports { print("  report \(report)") } }
        }
        XCTAssertGreaterThan(totalReports, 0)
        let rate = checked == 0 ? 0 : Double(matched) / Double(checked) * 100
        print("ib-corpus: \(documents.count) documents, \(matched) of \(checked) constraint-placed views at their saved "
              + "frames (\((rate * 10).rounded() / 10) %), \(totalReports) reports")
    }
}
