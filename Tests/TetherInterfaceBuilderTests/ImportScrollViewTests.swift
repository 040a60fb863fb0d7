import Tether
import XCTest
@testable import TetherInterfaceBuilder

/// Scroll views (ScrollViews.swift): UIKit's rule that a scroll view's edges against its content
/// are its content area's, the content and frame layout guides, and what is reported.
final class InterfaceBuilderImportScrollViewTests: XCTestCase {
    /// A 375 × 667 view controller's view holding scroll view `sv`, pinned to the root's edges
    /// (0, 0, 375, 667) unless `scrollConstraints` says otherwise; `content` goes in the scroll
    /// view's subviews, `inner` in its constraints, `guides` after them.
    func document(content: String, inner: String, guides: String = "", outer: String = "",
                  scrollConstraints: String? = nil) throws -> ImportedDocument {
        let pinned = scrollConstraints ?? """
            <constraint firstItem="sv" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="o1"/>
            <constraint firstAttribute="trailing" secondItem="sv" secondAttribute="trailing" id="o2"/>
            <constraint firstItem="sv" firstAttribute="top" secondItem="root" secondAttribute="top" id="o3"/>
            <constraint firstAttribute="bottom" secondItem="sv" secondAttribute="bottom" id="o4"/>
            """
        let text = ImportTestDocuments.storyboard(rootView: """
            <view key="view" contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sv">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <subviews>
            \(content)
                        </subviews>
                        <constraints>
            \(inner)
                        </constraints>
            \(guides)
                    </scrollView>
                </subviews>
                <constraints>
            \(pinned)
            \(outer)
                </constraints>
                <viewLayoutGuide key="safeArea" id="safe"/>
            </view>
            """)
        let document = try InterfaceBuilderImporter().importDocument(text, into: LayoutEngine())
        try document.layout()
        return document
    }

    func box(_ id: String, width: Double? = nil, height: Double? = nil, subviews: String = "") -> String {
        var constraints = ""
        if let width { constraints += #"<constraint firstAttribute="width" constant="\#(width)" id="\#(id)-w"/>"# }
        if let height { constraints += #"<constraint firstAttribute="height" constant="\#(height)" id="\#(id)-h"/>"# }
        return """
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                \(subviews.isEmpty ? "" : "<subviews>\(subviews)</subviews>")
                <constraints>\(constraints)</constraints>
            </view>
            """
    }

    func edges(_ id: String, to item: String, top: Double = 0, bottom: Double = 0) -> String {
        """
        <constraint firstItem="\(id)" firstAttribute="leading" secondItem="\(item)" secondAttribute="leading" id="\(id)-l"/>
        <constraint firstItem="\(item)" firstAttribute="trailing" secondItem="\(id)" secondAttribute="trailing" id="\(id)-t"/>
        <constraint firstItem="\(id)" firstAttribute="top" secondItem="\(item)" secondAttribute="top" constant="\(top)" id="\(id)-p"/>
        <constraint firstItem="\(item)" firstAttribute="bottom" secondItem="\(id)" secondAttribute="bottom" constant="\(bottom)" id="\(id)-b"/>
        """
    }

    func frame(_ document: ImportedDocument, _ id: String) throws -> Rect {
        try XCTUnwrap(document.view(withID: id)).frame
    }

    /// Edges pinned to the scroll view itself (documents saved before content layout guides)
    /// size the content; the width equal to the scroll view's is its frame's.
    func testEdgesToTheScrollViewSizeTheContentNotTheScrollView() throws {
        let document = try document(content: box("content", height: 1000), inner: edges("content", to: "sv") + """
            <constraint firstItem="content" firstAttribute="width" secondItem="sv" secondAttribute="width" id="w"/>
            """)
        XCTAssertEqual(document.reports, [])
        XCTAssertEqual(try frame(document, "sv"), Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(try frame(document, "content"), Rect(x: 0, y: 0, width: 375, height: 1000))
        // The content area is a guide of the scroll view, the content's size.
        let sv = try XCTUnwrap(document.view(withID: "sv"))
        let guide = try XCTUnwrap(sv.layoutGuides.first { $0.identifier == "contentLayoutGuide" })
        XCTAssertEqual(guide.layoutFrame, Rect(x: 0, y: 0, width: 375, height: 1000))
    }

    func testContentWiderThanTheFrameAndCenteredOnIt() throws {
        let document = try document(
            content: box("wide", width: 800) + box("centered", width: 200, height: 50),
            inner: edges("wide", to: "sv", top: 10, bottom: 20) + """
                <constraint firstItem="wide" firstAttribute="height" secondItem="sv" secondAttribute="height" constant="-30" id="h"/>
                <constraint firstItem="centered" firstAttribute="centerX" secondItem="sv" secondAttribute="centerX" id="cx"/>
                <constraint firstItem="centered" firstAttribute="centerY" secondItem="sv" secondAttribute="centerY" id="cy"/>
                """)
        XCTAssertEqual(document.reports, [])
        XCTAssertEqual(try frame(document, "sv"), Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(try frame(document, "wide"), Rect(x: 0, y: 10, width: 800, height: 637))
        // Centers are the frame's: UIKit centers on the visible area at content offset 0.
        XCTAssertEqual(try frame(document, "centered"), Rect(x: 87.5, y: 308.5, width: 200, height: 50))
    }

    /// The content guide keeps its top-left corner at the scroll view's; the scroll view is
    /// placed by its own superview, wherever that puts it.
    func testExplicitContentAndFrameGuides() throws {
        let document = try document(
            content: box("content", height: 900),
            inner: edges("content", to: "cg", top: 10) + """
                <constraint firstItem="content" firstAttribute="width" secondItem="fg" secondAttribute="width" id="w"/>
                """,
            guides: """
                <viewLayoutGuide key="contentLayoutGuide" id="cg"/>
                <viewLayoutGuide key="frameLayoutGuide" id="fg"/>
                """,
            scrollConstraints: """
                <constraint firstItem="sv" firstAttribute="leading" secondItem="safe" secondAttribute="leading" constant="20" id="o1"/>
                <constraint firstItem="safe" firstAttribute="trailing" secondItem="sv" secondAttribute="trailing" id="o2"/>
                <constraint firstItem="sv" firstAttribute="top" secondItem="safe" secondAttribute="top" id="o3"/>
                <constraint firstItem="safe" firstAttribute="bottom" secondItem="sv" secondAttribute="bottom" constant="47" id="o4"/>
                """)
        XCTAssertEqual(document.reports, [])
        XCTAssertEqual(try frame(document, "sv"), Rect(x: 20, y: 20, width: 355, height: 600))
        XCTAssertEqual(try frame(document, "content"), Rect(x: 0, y: 10, width: 355, height: 900))
        let content = try XCTUnwrap(document.items["cg"] as? LayoutGuide)
        let frameGuide = try XCTUnwrap(document.items["fg"] as? LayoutGuide)
        XCTAssertEqual(content.layoutFrame, Rect(x: 0, y: 0, width: 355, height: 910))
        XCTAssertEqual(frameGuide.layoutFrame, Rect(x: 0, y: 0, width: 355, height: 600))
        XCTAssertTrue(content.owningView === document.view(withID: "sv"))
    }

    /// The pattern of many documents: the content's width equals a view outside the scroll view,
    /// and a stack inside it is as tall as its arranged views, however tall the scroll view.
    func testStackInAScrollViewEqualWidthToAViewOutside() throws {
        let stack = """
            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="stack">
                <rect key="frame" x="0.0" y="0.0" width="375" height="1220"/>
                <subviews>
                    \(box("a", height: 400))
                    \(box("b", height: 400))
                    \(box("c", height: 400))
                </subviews>
            </stackView>
            """
        let document = try document(content: stack, inner: edges("stack", to: "sv", bottom: -98),
                                    outer: """
                                        <constraint firstItem="stack" firstAttribute="width" secondItem="root" secondAttribute="width" id="w"/>
                                        """)
        XCTAssertEqual(document.reports, [])
        XCTAssertEqual(try frame(document, "sv"), Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(try frame(document, "stack"), Rect(x: 0, y: 0, width: 375, height: 1220))
        XCTAssertEqual(try frame(document, "c"), Rect(x: 0, y: 820, width: 375, height: 400))
    }

    /// A view inside the content placed against views outside the scroll view, and one placed by
    /// its autoresizing mask (in content coordinates), are left as they are.
    func testConstraintsToViewsOutsideAndAutoresizedContent() throws {
        let autoresized = """
            <view contentMode="scaleToFill" id="fixed">
                <rect key="frame" x="5" y="700" width="100" height="40"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            </view>
            """
        let document = try document(content: box("content", height: 50) + autoresized,
                                    inner: edges("content", to: "sv", top: 30, bottom: 500),
                                    outer: """
                                        <constraint firstItem="content" firstAttribute="width" secondItem="safe" secondAttribute="width" constant="-40" id="w"/>
                                        """)
        XCTAssertEqual(document.reports, [])
        XCTAssertEqual(try frame(document, "content"), Rect(x: 0, y: 30, width: 335, height: 50))
        XCTAssertEqual(try frame(document, "fixed"), Rect(x: 5, y: 700, width: 100, height: 40))
        XCTAssertEqual(try frame(document, "sv"), Rect(x: 0, y: 0, width: 375, height: 667))
    }

    /// Scroll view subclasses (text, table and collection views) follow the same rule.
    func testTextViewIsAScrollView() throws {
        let text = ImportTestDocuments.xib(objects: """
            <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" text="Hi" id="tv">
                <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
                <subviews>
                    \(box("badge", width: 20, height: 20))
                </subviews>
                <constraints>
                    <constraint firstAttribute="trailing" secondItem="badge" secondAttribute="trailing" constant="8" id="t"/>
                    <constraint firstItem="badge" firstAttribute="top" secondItem="tv" secondAttribute="top" constant="8" id="p"/>
                    <constraint firstItem="badge" firstAttribute="leading" secondItem="tv" secondAttribute="leading" constant="272" id="l"/>
                    <constraint firstAttribute="bottom" secondItem="badge" secondAttribute="bottom" constant="500" id="b"/>
                </constraints>
            </textView>
            """)
        let document = try InterfaceBuilderImporter().importDocument(text, into: LayoutEngine())
        try document.layout()
        XCTAssertEqual(document.reports, [])
        // The bottom constraint makes the content taller than the text view, which keeps its frame.
        XCTAssertEqual(try frame(document, "badge"), Rect(x: 272, y: 8, width: 20, height: 20))
        XCTAssertEqual(try frame(document, "tv"), Rect(x: 0, y: 0, width: 300, height: 200))
        let guide = try XCTUnwrap(document.view(withID: "tv")?.layoutGuides.first { $0.identifier == "contentLayoutGuide" })
        XCTAssertEqual(guide.layoutFrame, Rect(x: 0, y: 0, width: 300, height: 528))
    }

    /// Guides of a view that is not a scroll view, and a scroll view's margins against its
    /// content (whose meaning the importer does not model), are reported.
    func testGuideMisuseAndMarginsAreReported() throws {
        let document = try document(
            content: box("content", height: 100) + """
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="plain">
                    <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    <viewLayoutGuide key="contentLayoutGuide" id="notScrolling"/>
                </view>
                """,
            inner: edges("content", to: "sv") + """
                <constraint firstItem="content" firstAttribute="width" secondItem="fg" secondAttribute="width" id="w"/>
                <constraint firstItem="plain" firstAttribute="top" secondItem="notScrolling" secondAttribute="top" id="misuse"/>
                <constraint firstItem="plain" firstAttribute="leading" secondItem="sv" secondAttribute="leadingMargin" id="margin"/>
                """,
            guides: #"<viewLayoutGuide key="frameLayoutGuide" id="fg"/>"#)
        let reports = document.reports.map { "\($0.element): \($0.message)" }
        XCTAssertEqual(reports.count, 3, "\(reports)")
        XCTAssertTrue(reports[0].hasPrefix("viewLayoutGuide: layout guide contentLayoutGuide of a <view> not understood"), reports[0])
        XCTAssertTrue(reports[1].contains("left out: it refers to <viewLayoutGuide> 'notScrolling'"), reports[1])
        XCTAssertTrue(reports[2].contains("leadingMargin of a scroll view against its content is not modelled"), reports[2])
        XCTAssertEqual(try frame(document, "content"), Rect(x: 0, y: 0, width: 375, height: 100))
    }

    /// A text view that does not scroll is sized by its text, as a label (its saved size); one
    /// that scrolls has no intrinsic size.
    func testNonScrollingTextViewHasItsSavedSizeAsIntrinsicSize() throws {
        let textView = { (id: String, scrolls: Bool) in """
            <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" \(scrolls ? "" : #"scrollEnabled="NO""#) editable="NO" text="Hi" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                <rect key="frame" x="16" y="277" width="343" height="113"/>
            </textView>
            """ }
        let text = ImportTestDocuments.xib(objects: """
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>
                    \(textView("fixed", false))
                    \(textView("scrolling", true))
                </subviews>
                <constraints>
                    <constraint firstItem="fixed" firstAttribute="centerY" secondItem="root" secondAttribute="centerY" id="c1"/>
                    <constraint firstItem="fixed" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="c2"/>
                    <constraint firstAttribute="trailing" secondItem="fixed" secondAttribute="trailing" constant="16" id="c3"/>
                    <constraint firstItem="scrolling" firstAttribute="top" secondItem="root" secondAttribute="top" id="c4"/>
                    <constraint firstItem="scrolling" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c5"/>
                </constraints>
            </view>
            """)
        let document = try InterfaceBuilderImporter().importDocument(text, into: LayoutEngine())
        try document.layout()
        XCTAssertEqual(document.reports, [])
        XCTAssertEqual(try frame(document, "fixed"), Rect(x: 16, y: 277, width: 343, height: 113))
        let scrolling = try XCTUnwrap(document.view(withID: "scrolling"))
        XCTAssertEqual(scrolling.intrinsicContentSize, Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
    }

    /// The table places its header view: constraints from the header to its subviews leave it
    /// where the table puts it (it translates its autoresizing mask), and no report is made.
    func testTableHeaderViewIsNotPlacedByItsSubviewsConstraints() throws {
        let text = ImportTestDocuments.xib(objects: """
            <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" style="plain" separatorStyle="default" rowHeight="50" sectionHeaderHeight="22" sectionFooterHeight="22" id="table">
                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                <view key="tableHeaderView" contentMode="scaleToFill" id="header">
                    <rect key="frame" x="0.0" y="0.0" width="414" height="36"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                    <subviews>
                        <label opaque="NO" text="Header" translatesAutoresizingMaskIntoConstraints="NO" id="title">
                            <rect key="frame" x="119" y="8" width="176" height="20"/>
                        </label>
                    </subviews>
                    <constraints>
                        <constraint firstItem="title" firstAttribute="centerY" secondItem="header" secondAttribute="centerY" id="c1"/>
                        <constraint firstItem="title" firstAttribute="centerX" secondItem="header" secondAttribute="centerX" id="c2"/>
                    </constraints>
                </view>
            </tableView>
            """)
        let document = try InterfaceBuilderImporter().importDocument(text, into: LayoutEngine())
        try document.layout()
        XCTAssertEqual(document.reports.map(\.element), [])
        let header = try XCTUnwrap(document.view(withID: "header"))
        XCTAssertTrue(header.translatesAutoresizingMaskIntoConstraints)
        XCTAssertEqual(header.frame, Rect(x: 0, y: 0, width: 414, height: 36))
        XCTAssertEqual(try frame(document, "title"), Rect(x: 119, y: 8, width: 176, height: 20))
    }
}
